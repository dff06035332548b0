// Every row of shared/vectors/fen-vectors-10x8.tsv: the verdict and canonical output the file
// gives (TENBYEIGHT.md's policy), read as the pipeline reads a line (the 8x8 reader first; a
// line it rejects whose first rank is ten squares wide goes to the 10x8 reader). Columns of the
// rejections were counted by hand (below); each canonical line re-reads to itself in both
// castling notations and keeps its key.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/board_kind.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/write.hpp"
#include "shared_data.hpp"

namespace fenbatch::core {
namespace {

// One line read as the pipeline routes it.
struct routed_line {
  std::string line;
  board_kind kind = board_kind::eight_by_eight;
  fen_status status;
  record eight;
  ten_by_eight::record ten;

  explicit routed_line(std::string text) : line(std::move(text)) {
    status = parse_record(line, {}, eight);
    if (is_error(status.code) && ten_by_eight::has_ten_files(line)) {
      kind = board_kind::ten_by_eight;
      status = ten_by_eight::parse_record(line, {}, ten);
    }
  }
  [[nodiscard]] std::string canonical(const write_options& options = {}) const {
    return kind == board_kind::eight_by_eight ? to_canonical(eight, line, options)
                                              : ten_by_eight::to_canonical(ten, line, options);
  }
  [[nodiscard]] position_key key() const {
    return kind == board_kind::eight_by_eight ? make_key(eight, key_kind::position)
                                              : ten_by_eight::make_key(ten, key_kind::position);
  }
};

// The 1-based column of each rejection, by TSV line (line 1 is the header), counted by hand from
// the line's text: the placement's ranks are "rnabqkbcnr/" and "pppppppppp/" (11 bytes each), "10/"
// (3), so rank 6 starts at column 23 of the Capablanca start; the fields after it as written.
const std::map<std::size_t, std::uint32_t> rejection_columns{
    {8, 24},   // "55": the second count
    {9, 24},   // "9/": the '/' ends a 9-square rank
    {10, 24},  // "11": the second count
    {11, 23},  // "010": a '0' that ends no "10"
    {12, 48},  // the '/' after rank 1 (9 ranks)
    {13, 53},  // the end of a 7-rank placement
    {14, 24},  // "8/" on a 10-file board
    {16, 19},  // 8x8 line, "10" on 8 files: the '1' (the 8x8 reader's verdict)
    {17, 18},  // 8x8 line: 'A' after "4k3/8/8/8/8/8/8/3"
    {18, 18},  // 8x8 line: 'C'
    {21, 24},  // 'X' after "5k4/" and six "10/" (22 bytes) and "4"
    {22, 24},  // 'J'
    {24, 1},   // legality errors of the board: the placement's column
    {25, 1},  {26, 1}, {27, 1},  {28, 28},  // opposite_check: the side field (placement 26 bytes)
    {38, 50},                               // "QK" at 49: the K out of order
    {39, 51},                               // "KQK": a third white letter
    {40, 50},                               // "KJ": J names K's rook again
    {41, 49},                               // "I": no rook on i1
    {43, 1},  {44, 1}, {45, 56},            // "CI" at 55: the I out of order
    {47, 54},                               // ep "k3"
    {48, 54},                               // ep "j6" for white with no black pawn on j5
    {55, 66},                               // the halfmove clock's first byte
    {62, 43},                               // opposite_check: the side field (placement 41 bytes)
    {63, 43}, {65, 1}, {66, 27},            // side 'x'
    {67, 34},                               // the line ends after one counter
};

struct tsv_row {
  std::size_t number;  // 1-based line in the file
  std::string fen;
  std::string verdict;
  std::string canonical;
};

std::vector<tsv_row> read_rows(const std::filesystem::path& shared) {
  std::vector<tsv_row> rows;
  const std::vector<std::string> lines =
      ::fenbatch::test::read_lines(shared / "vectors" / "fen-vectors-10x8.tsv");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& text = lines[i];
    if (text.empty() || text[0] == '#') continue;
    const std::size_t first = text.find('\t');
    const std::size_t second = text.find('\t', first + 1);
    EXPECT_NE(second, std::string::npos) << "TSV line " << i + 1 << " has not 3 columns";
    if (second == std::string::npos) continue;
    rows.push_back({i + 1, text.substr(0, first), text.substr(first + 1, second - first - 1),
                    text.substr(second + 1)});
  }
  return rows;
}

TEST(TenByEightVectors, EveryRowHasItsVerdictColumnAndCanonicalOutput) {
  FENBATCH_REQUIRE_SHARED(shared);
  const std::vector<tsv_row> rows = read_rows(shared);
  ASSERT_GE(rows.size(), 60U) << "the vectors file looks truncated";
  std::size_t invalid_rows = 0;
  for (const tsv_row& row : rows) {
    SCOPED_TRACE(testing::Message() << "TSV line " << row.number << ": \"" << row.fen << '"');
    const routed_line read(row.fen);
    if (row.verdict == "valid") {
      EXPECT_EQ(to_string(read.status.code), "ok");
      if (read.status.ok()) {
        EXPECT_EQ(read.canonical(), row.canonical);
      }
      continue;
    }
    ++invalid_rows;
    constexpr std::string_view prefix = "invalid: ";
    ASSERT_EQ(row.verdict.substr(0, prefix.size()), prefix);
    EXPECT_EQ(to_string(read.status.code), row.verdict.substr(prefix.size()));
    const auto column = rejection_columns.find(row.number);
    ASSERT_NE(column, rejection_columns.end()) << "no hand-counted column for this row";
    EXPECT_EQ(read.status.column, column->second);
  }
  // Every hand-counted column belongs to an invalid row of the file.
  EXPECT_EQ(invalid_rows, rejection_columns.size());
}

TEST(TenByEightVectors, CanonicalLinesReReadToThemselvesInBothNotations) {
  FENBATCH_REQUIRE_SHARED(shared);
  for (const tsv_row& row : read_rows(shared)) {
    if (row.verdict != "valid") continue;
    SCOPED_TRACE(testing::Message() << "TSV line " << row.number << ": \"" << row.canonical << '"');
    const routed_line original(row.fen);
    const routed_line canonical(row.canonical);
    ASSERT_TRUE(canonical.status.ok()) << to_string(canonical.status.code);
    EXPECT_EQ(canonical.kind, original.kind);
    EXPECT_EQ(canonical.canonical(), row.canonical);
    EXPECT_EQ(canonical.key(), original.key());

    const std::string shredder = canonical.canonical({.castling = castling_notation::shredder});
    const routed_line from_shredder(shredder);
    ASSERT_TRUE(from_shredder.status.ok())
        << shredder << ": " << to_string(from_shredder.status.code);
    EXPECT_EQ(from_shredder.canonical(), row.canonical);
    EXPECT_EQ(from_shredder.canonical({.castling = castling_notation::shredder}), shredder);
    EXPECT_EQ(from_shredder.key(), original.key());
  }
}

}  // namespace
}  // namespace fenbatch::core
