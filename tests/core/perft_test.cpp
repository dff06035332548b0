// Move generation against the perft suites in ../shared/vectors (node counts from the suites,
// depths <= 4 here; deeper runs belong in bench/).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/record.hpp"
#include "perft_suite_line.hpp"
#include "shared_data.hpp"

namespace fenbatch::core {
namespace {

constexpr int max_test_depth = 4;

using test::parse_perft_suite_line;
using test::perft_suite_line;

// The suites include one position our strict validation rejects: bishops on a8 and h1 both
// check the king on f3 along one diagonal, which no legal move can produce (python-chess
// STATUS_IMPOSSIBLE_CHECK). Move generation is still defined there, so perft runs on it.
constexpr std::string_view aligned_double_check = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1 ";

void check_suite(const std::filesystem::path& file) {
  int positions = 0;
  for (const std::string& line : test::read_lines(file)) {
    if (line.empty()) continue;
    const perft_suite_line c = parse_perft_suite_line(line);
    record rec;
    const fen_status status = parse_record(c.fen, {}, rec);
    if (c.fen == aligned_double_check) {
      EXPECT_EQ(status.code, fen_errc::impossible_check);
    } else {
      ASSERT_TRUE(status.ok()) << c.fen << ": " << to_string(status.code);
    }
    for (const auto& [depth, nodes] : c.depths) {
      if (depth > max_test_depth) continue;
      EXPECT_EQ(perft(rec.pos, depth), nodes) << c.fen << " depth " << depth;
    }
    ++positions;
  }
  EXPECT_GT(positions, 0);
}

TEST(Perft, StandardSuiteMatchesToDepthFour) {
  FENBATCH_REQUIRE_SHARED(shared);
  check_suite(shared / "vectors" / "perft-standard.epd");
}

TEST(Perft, Chess960SuiteMatchesToDepthFour) {
  FENBATCH_REQUIRE_SHARED(shared);
  check_suite(shared / "vectors" / "perft-chess960.epd");
}

// Known counts that need no shared files: the start position (Shannon, confirmed by every
// engine) and chessops' X-FEN Chess960 cases from fen-vectors.tsv.
TEST(Perft, StartPositionCounts) {
  record rec;
  ASSERT_TRUE(
      parse_record("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {}, rec).ok());
  EXPECT_EQ(perft(rec.pos, 1), 20U);
  EXPECT_EQ(perft(rec.pos, 2), 400U);
  EXPECT_EQ(perft(rec.pos, 3), 8902U);
  EXPECT_EQ(perft(rec.pos, 4), 197281U);
}

TEST(Perft, XfenChess960CastlingCounts) {
  struct {
    std::string_view fen;
    std::uint64_t d1, d2, d3;
  } const cases[] = {
      {"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -", 23, 522, 12333},
      {"r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq -", 28, 738, 20218},
      {"8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q -", 34, 318, 9002},
      {"2r5/8/8/8/8/8/6PP/k2KR3 w K -", 17, 242, 3931},
      {"4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ -", 19, 628, 12858},
      {"4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff -", 42, 1743, 71908},
      {"8/8/8/5k2/3p4/8/4P3/4K3 w - -", 6, 54, 343},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.fen);
    record rec;
    ASSERT_TRUE(parse_record(c.fen, {}, rec).ok());
    EXPECT_EQ(perft(rec.pos, 1), c.d1);
    EXPECT_EQ(perft(rec.pos, 2), c.d2);
    EXPECT_EQ(perft(rec.pos, 3), c.d3);
  }
}

TEST(Perft, UciNotationNamesCastlingBothWays) {
  record rec;
  ASSERT_TRUE(parse_record("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", {}, rec).ok());
  move_list moves;
  generate_legal_moves(rec.pos, moves);
  std::vector<std::string> standard;
  std::vector<std::string> chess960;
  for (const move m : moves) {
    if (m.kind() != move_kind::castling) continue;
    standard.push_back(to_uci(m, false));
    chess960.push_back(to_uci(m, true));
  }
  std::sort(standard.begin(), standard.end());
  std::sort(chess960.begin(), chess960.end());
  EXPECT_EQ(standard, (std::vector<std::string>{"e1c1", "e1g1"}));
  EXPECT_EQ(chess960, (std::vector<std::string>{"e1a1", "e1h1"}));
}

}  // namespace
}  // namespace fenbatch::core
