// The 10x8 reader with its placement fast path (fast_placement.cpp) against the precise steps
// alone (decode_precise): the same status, column and record, field by field, on hand-written
// lines, on every line of the 10x8 vectors and perft suite, and on their single-byte mutations
// (each byte replaced by placement-relevant bytes, deleted, or doubled), in strict, repair and
// payload modes.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/ten_by_eight/record.hpp"
#include "same_decoding.hpp"
#include "shared_data.hpp"
#include "ten_by_eight/line_reader.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

const std::vector<std::string> hand_written = {
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "r1r2k3r/ppppp1pppp/10/10/10/10/PPPPP1PPPP/R1R2K3R w KCkc - 0 1",
    "1k8/10/10/K1Pp5c/10/10/10/10 w - d6 0 1",
    "rnabqkbcnr/pppppppppp/55/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "rnabqkbcnr/pppppppppp/010/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "5k4/10/10/10/10/10/10/4A1K3 w - - hmvc 3; fmvn 9;",
};

// Appends why `line` reads differently with and without the fast path (nothing if alike).
void compare(std::string_view line, std::vector<std::string>& differences) {
  for (const bool repair : {false, true}) {
    for (const bool payload : {false, true}) {
      const decode_options options{repair, payload};
      record fast;
      record precise;
      const fen_status s = detail::decode_precise(line, options, precise);
      const fen_status t = decode(line, options, fast);
      if (s != t || (s.ok() && !test::same_decoding(precise, fast))) {
        differences.push_back(
            std::string(line) + (repair ? " [repair]" : "") + (payload ? " [payload]" : "") +
            ": precise " + std::string(to_string(s.code)) + "@" + std::to_string(s.column) +
            ", fast " + std::string(to_string(t.code)) + "@" + std::to_string(t.column));
      }
    }
  }
}

// The line and every single-byte mutation of it that placement reading cares about.
void compare_with_mutations(const std::string& line, std::vector<std::string>& differences) {
  static constexpr std::string_view replacements = "0123456789/ pPkKaAcCrRxX+~-\t";
  compare(line, differences);
  for (std::size_t i = 0; i < line.size(); ++i) {
    std::string changed = line;
    for (const char c : replacements) {
      changed[i] = c;
      compare(changed, differences);
    }
    compare(std::string(line).erase(i, 1), differences);
    compare(std::string(line).insert(i, 1, line[i]), differences);
  }
}

void expect_no_differences(const std::vector<std::string>& differences) {
  EXPECT_TRUE(differences.empty())
      << differences.size()
      << " differences, the first: " << (differences.empty() ? "" : differences.front());
}

TEST(TenByEightDifferential, HandWrittenLinesAndMutations) {
  std::vector<std::string> differences;
  for (const std::string& line : hand_written) compare_with_mutations(line, differences);
  expect_no_differences(differences);
}

TEST(TenByEightDifferential, VectorsPerftSuiteAndMutations) {
  FENBATCH_REQUIRE_SHARED(shared);
  std::vector<std::string> lines;
  for (const std::string& row : test::read_lines(shared / "vectors" / "fen-vectors-10x8.tsv")) {
    if (!row.empty() && row[0] != '#') lines.push_back(row.substr(0, row.find('\t')));
  }
  for (const std::string& row : test::read_lines(shared / "vectors" / "perft-10x8.epd")) {
    lines.push_back(row.substr(0, row.find(';')));
  }
  ASSERT_GT(lines.size(), 60U);
  std::vector<std::string> differences;
  for (const std::string& line : lines) compare_with_mutations(line, differences);
  expect_no_differences(differences);
}

}  // namespace
}  // namespace fenbatch::core::ten_by_eight
