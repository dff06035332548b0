// Key identity follows position identity (FIDE repetition rules for `position`): expected
// equalities come from the rules, not from the hash.
#include <gtest/gtest.h>

#include <string_view>

#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"

namespace fenbatch::core {
namespace {

position_key key_of(std::string_view line, key_kind kind = key_kind::position) {
  record rec;
  const fen_status status = parse_record(line, {}, rec);
  EXPECT_TRUE(status.ok()) << line << ": " << to_string(status.code);
  return make_key(rec, kind);
}

constexpr std::string_view k = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

TEST(PositionKey, CountersMatterOnlyForTheFullKey) {
  constexpr std::string_view later = "4k3/8/8/8/8/8/8/4K3 w - - 7 42";
  EXPECT_EQ(key_of(k), key_of(later));
  EXPECT_EQ(key_of(k, key_kind::board), key_of(later, key_kind::board));
  EXPECT_NE(key_of(k, key_kind::full), key_of(later, key_kind::full));
  // A 4-field EPD record is the 6-field FEN with counters 0 1.
  EXPECT_EQ(key_of(k, key_kind::full), key_of("4k3/8/8/8/8/8/8/4K3 w - -", key_kind::full));
}

TEST(PositionKey, SpellingsOfOnePositionShareAKey) {
  EXPECT_EQ(key_of(k), key_of("  4k3/8/8/8/8/8/8/4K3\tw -   - 0 1 "));
  EXPECT_EQ(key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"));
  EXPECT_EQ(key_of("4k3/8/8/8/8/8/8/4KR1R w K - 0 1"), key_of("4k3/8/8/8/8/8/8/4KR1R w H - 0 1"));
}

TEST(PositionKey, EpSquareWithoutLegalCaptureIsIgnored) {
  // official-stockfish/books pull 50: the same position with a superfluous ep square.
  EXPECT_EQ(key_of("r1bq1rk1/1ppp1p1p/2n2np1/p1bNp3/2P5/P2BPN2/1PQP1PPP/R1B1K2R w KQ a6 0 9"),
            key_of("r1bq1rk1/1ppp1p1p/2n2np1/p1bNp3/2P5/P2BPN2/1PQP1PPP/R1B1K2R w KQ - 0 9"));
  // 1.e4: no black pawn can take on e3 (shakmaty: Hash equal to the FEN with '-').
  EXPECT_EQ(key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

TEST(PositionKey, LegalEpSquareMakesADifferentPosition) {
  constexpr std::string_view with_ep = "k7/8/8/1pP5/2K5/8/8/8 w - b6 0 1";
  constexpr std::string_view without = "k7/8/8/1pP5/2K5/8/8/8 w - - 0 1";
  EXPECT_NE(key_of(with_ep), key_of(without));
  EXPECT_EQ(key_of(with_ep, key_kind::board), key_of(without, key_kind::board));
}

TEST(PositionKey, CastlingRightsAndSideToMoveMatter) {
  constexpr std::string_view both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  constexpr std::string_view short_only = "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1";
  EXPECT_NE(key_of(both), key_of(short_only));
  EXPECT_EQ(key_of(both, key_kind::board), key_of(short_only, key_kind::board));
  EXPECT_NE(key_of(k), key_of("4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
  EXPECT_NE(key_of(k, key_kind::board), key_of("4k3/8/8/8/8/8/8/4K3 b - - 0 1", key_kind::board));
}

TEST(PositionKey, DifferentPlacementsDiffer) {
  EXPECT_NE(key_of(k), key_of("3k4/8/8/8/8/8/8/4K3 w - - 0 1"));
  // Same squares, colours swapped.
  EXPECT_NE(key_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), key_of("4k3/8/8/8/8/8/8/4K2r w - - 0 1"));
  // Same squares, piece types swapped.
  EXPECT_NE(key_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), key_of("4k3/8/8/8/8/8/8/4K2Q w - - 0 1"));
}

}  // namespace
}  // namespace fenbatch::core
