// The 10x8 reader with its placement fast path (fast_placement.cpp) against the precise steps
// alone (decode_precise): the same status, column and record, field by field, on hand-written
// lines, on every line of the 10x8 vectors and perft suite, and on their single-byte mutations
// (each byte replaced by placement-relevant bytes, deleted, or doubled), in strict, repair and
// payload modes.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "same_decoding.hpp"
#include "shared_data.hpp"
#include "ten_by_eight/line_reader.hpp"
#include "ten_by_eight_random_placement.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

const std::vector<std::string> hand_written = {
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "r1r2k3r/ppppp1pppp/10/10/10/10/PPPPP1PPPP/R1R2K3R w KCkc - 0 1",
    "1k8/10/10/K1Pp5c/10/10/10/10 w - d6 0 1",
    "rnabqkbcnr/pppppppppp/55/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "rnabqkbcnr/pppppppppp/010/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "5k4/10/10/10/10/10/10/4A1K3 w - - hmvc 3; fmvn 9;",
    // The longest strict placement (87 bytes), alone on its line and with fields after it.
    "1k1p1p1p1p/1p1p1p1p1p/1p1p1p1p1p/1p1p1p1p1p/1P1P1P1P1P/1P1P1P1P1P/1P1P1P1P1P/1K1P1P1P1P",
    "1k1p1p1p1p/1p1p1p1p1p/1p1p1p1p1p/1p1p1p1p1p/1P1P1P1P1P/1P1P1P1P1P/1P1P1P1P1P/1K1P1P1P1P w - -",
    // Ranks of 266 and 6 squares: the squares covered wrap a byte at 256, yet add up to 336.
    "9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p1p/10/10/10/10/10/5k/4K1 w - - 0 1",
    "k9/10/10/10/10/10/10/9K\t w - - 0 1",
    // Castling: inner and outer rooks, a missing rook or king, two kings, letters out of order
    // or twice, file letters beside K/Q.
    "r1r2k2rr/10/10/10/10/10/10/R1R2K2RR w KQkq - 0 1",
    "r4k4/10/10/10/10/10/10/4K4R w KQkq - 0 1",
    "r4k3r/10/10/10/10/10/10/R3K4R w Kq - 0 1",
    "r4k3r/10/10/10/10/10/5K4/R8R w KQkq - 0 1",
    "r4k3r/10/10/10/10/10/10/RK2K4R w KQ - 0 1",
    "r4k3r/10/10/10/10/10/10/R3K4R w QK - 0 1",
    "r4k3r/10/10/10/10/10/10/R3K4R w KKq - 0 1",
    "r4k3r/10/10/10/10/10/10/R3K4R w JAkq - 0 1",
    "r4k3r/10/10/10/10/10/10/R3K4R w KAq - 0 1",
    "r4k3r/10/10/10/10/10/10/R3K4R w KQkqk - 0 1",
    // Tails: long, zero and leading-zero counters, one counter, ep files past j, operations,
    // blanks of other kinds.
    "r4k3r/10/10/10/10/10/10/R3K4R b KQkq - 999999999 4294967295",
    "r4k3r/10/10/10/10/10/10/R3K4R b KQkq - 1234567890 4294967296",
    "r4k3r/10/10/10/10/10/10/R3K4R w KQkq - 00 0",
    "r4k3r/10/10/10/10/10/10/R3K4R w KQkq - 0",
    "5k4/10/10/10/3pP5/10/10/4K5 w - j6 0 1",
    "5k4/10/10/10/3pP5/10/10/4K5 w - k6 0 1",
    "5k4/10/10/10/3pP5/10/10/4K5 w - e6",
    "5k4/10/10/10/3pP5/10/10/4K5 w - e6 hmvc 0; fmvn 1;",
    "5k4/10/10/10/3pP5/10/10/4K5 w - - 0 1 ; c0 \"x\";",
    "5k4/10/10/10/3pP5/10/10/4K5  w - - 0 1",
    "5k4/10/10/10/3pP5/10/10/4K5 w - -\t0 1",
    "5k4/10/10/10/3pP5/10/10/4K5 w - - 0 1 extra",
    "5k4/10/10/3pP5/10/10/10/4K5 w - d6 0 1",
    "5k4/10/10/3pP5/10/10/10/4K5 w - d6 0 01",
    "5k4/10/10/3pP5/10/10/10/4K5 w - d6",
    "4k5/4r5/10/3pP5/10/10/10/4K5 w - d6 0 1",
    " 5k4/10/10/3pP5/10/10/10/4K5 w - d6 0 1",
};

// Random placements (ten_by_eight_random_placement.hpp) with varied fields after them.
std::vector<std::string> generated_lines(std::size_t count) {
  static constexpr std::array<std::string_view, 5> tails = {" w KQkq - 0 1", " b - - 3 40",
                                                            "\tw - -", "", " w - e3 0 1"};
  std::mt19937_64 rng(31);
  std::vector<std::string> lines;
  for (std::size_t n = 0; n < count; ++n) {
    std::string line = test::random_ten_by_eight_placement(rng);
    line += tails[test::pick_below(rng, tails.size())];
    lines.push_back(std::move(line));
  }
  return lines;
}

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

TEST(TenByEightDifferential, GeneratedPlacements) {
  std::vector<std::string> differences;
  std::size_t accepted = 0;
  for (const std::string& line : generated_lines(20000)) {
    record rec;
    if (decode(line, {}, rec).ok()) ++accepted;
    compare(line, differences);
  }
  expect_no_differences(differences);
  EXPECT_GT(accepted, 1000U);  // the fast path's acceptances are compared too
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

// write_record copies a line whose decode found it spelled canonically (plain_tail); the same
// record with that hint cleared is written field by field. Both, for every write option.
TEST(TenByEightDifferential, CopiedLinesAreWhatTheWriterWrites) {
  FENBATCH_REQUIRE_SHARED(shared);
  std::vector<std::string> lines = generated_lines(3000);
  lines.insert(lines.end(), hand_written.begin(), hand_written.end());
  for (const std::string& row : test::read_lines(shared / "vectors" / "fen-vectors-10x8.tsv")) {
    if (!row.empty() && row[0] != '#') lines.push_back(row.substr(0, row.find('\t')));
  }
  std::size_t copied = 0;
  std::vector<std::string> differences;
  for (const std::string& line : lines) {
    for (const bool repair : {false, true}) {
      record rec;
      if (!parse_record(line, {repair, false}, rec).ok()) continue;
      record field_by_field = rec;
      field_by_field.plain_tail = false;
      for (const auto format : {output_format::fen, output_format::epd, output_format::keep}) {
        for (const auto castling : {castling_notation::xfen, castling_notation::shredder}) {
          for (const auto ep : {ep_policy::legal, ep_policy::pseudo, ep_policy::always}) {
            const write_options options{format, castling, ep};
            const std::string written = to_canonical(rec, line, options);
            if (written != to_canonical(field_by_field, line, options)) {
              differences.push_back(line + " -> " + written);
            }
            if (written == line) ++copied;
          }
        }
      }
    }
  }
  expect_no_differences(differences);
  EXPECT_GT(copied, 500U);
}

}  // namespace
}  // namespace fenbatch::core::ten_by_eight
