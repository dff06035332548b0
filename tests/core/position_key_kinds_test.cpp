// The keys `placement` and `mirror` (issue 28), on both boards. Every pair below was written out
// by hand from the rules: a placement key ignores everything but the placement; a mirror twin
// has its ranks in reverse order with colours swapped, the other side to move, castling letters
// of the other colour (same files) and the ep square on the other side (python-chess's
// Board.mirror()). The documented choice: the mirror key is the position key of whichever twin
// has White to move.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>

#include "fenbatch/core/option_names.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core {
namespace {

position_key key_of(std::string_view line, key_kind kind) {
  record rec;
  const fen_status status = parse_record(line, {}, rec);
  EXPECT_TRUE(status.ok()) << line << ": " << to_string(status.code);
  return make_key(rec, kind);
}

position_key key_of_10x8(std::string_view line, key_kind kind) {
  ten_by_eight::record rec;
  const fen_status status = ten_by_eight::parse_record(line, {}, rec);
  EXPECT_TRUE(status.ok()) << line << ": " << to_string(status.code);
  return ten_by_eight::make_key(rec, kind);
}

// `a` and `b` are twins: one mirror key, two position keys.
void expect_twins(std::string_view a, std::string_view b) {
  EXPECT_EQ(key_of(a, key_kind::mirror), key_of(b, key_kind::mirror)) << a << " | " << b;
  EXPECT_NE(key_of(a, key_kind::position), key_of(b, key_kind::position)) << a << " | " << b;
}

void expect_twins_10x8(std::string_view a, std::string_view b) {
  EXPECT_EQ(key_of_10x8(a, key_kind::mirror), key_of_10x8(b, key_kind::mirror)) << a << " | " << b;
  EXPECT_NE(key_of_10x8(a, key_kind::position), key_of_10x8(b, key_kind::position))
      << a << " | " << b;
}

// Each of `others` has another key than `line` under `kind`.
void expect_distinct(key_kind kind, std::string_view line,
                     std::initializer_list<std::string_view> others) {
  for (const std::string_view other : others) {
    EXPECT_NE(key_of(line, kind), key_of(other, kind)) << line << " | " << other;
  }
}

TEST(PositionKeyKinds, NamesAreTheOnesUsersType) {
  EXPECT_EQ(parse_option<key_kind>("placement"), key_kind::placement);
  EXPECT_EQ(parse_option<key_kind>("mirror"), key_kind::mirror);
  EXPECT_EQ(option_choices<key_kind>(), "position, fen, board, placement, mirror");
}

TEST(PositionKeyKinds, PlacementIgnoresSideCastlingEpAndCounters) {
  constexpr std::string_view rooks = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  constexpr std::string_view other_fields = "r3k2r/8/8/8/8/8/8/R3K2R b - - 7 30";
  EXPECT_EQ(key_of(rooks, key_kind::placement), key_of(other_fields, key_kind::placement));
  EXPECT_NE(key_of(rooks, key_kind::board), key_of(other_fields, key_kind::board));
  // A legal ep capture (d5 just pushed, e5 takes) against none, and Black to move.
  constexpr std::string_view with_ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  EXPECT_NE(key_of(with_ep, key_kind::position),
            key_of("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", key_kind::position));
  EXPECT_EQ(key_of(with_ep, key_kind::placement),
            key_of("4k3/8/8/3pP3/8/8/8/4K3 b - - 3 9", key_kind::placement));
}

TEST(PositionKeyKinds, PlacementSeesEveryPieceAndColour) {
  // Another colour, another piece, another square.
  expect_distinct(key_kind::placement, "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
                  {"4k3/8/8/8/8/8/8/4K2r w - - 0 1", "4k3/8/8/8/8/8/8/4K2Q w - - 0 1",
                   "4k3/8/8/8/8/8/8/4KR2 w - - 0 1"});
}

TEST(PositionKeyKinds, MirrorPairsTheColourFlippedTwins) {
  // The start position is its own placement mirrored: the twin is Black to move.
  expect_twins("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
  // 1.e4 (e3 is no legal ep square: no black pawn takes there); the twin has Black's pawn on e5
  // and White to move.
  expect_twins("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
               "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  // Counters play no part (python-chess keeps them; the position key ignores them).
  expect_twins("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 12 40");
}

TEST(PositionKeyKinds, MirrorMapsCastlingRightsByColour) {
  // The other side to move with the rights kept by colour, or one right more: not the twin.
  expect_distinct(key_kind::mirror, "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
                  {"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1"});
  // Colours swapped without flipping the ranks: not the twin either.
  EXPECT_NE(key_of("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", key_kind::mirror),
            key_of("r3k3/8/8/8/8/8/8/4K3 w q - 0 1", key_kind::mirror));
}

TEST(PositionKeyKinds, MirrorMapsChess960RookFiles) {
  // python-chess test.py's X-FEN line: rights g1 (inner rook, 'G'), a8, g8. Its twin: a1, g1
  // (K: g1 is the outermost rook on the king's h side there) and g8 (inner: 'g').
  constexpr std::string_view xfen =
      "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
  constexpr std::string_view twin =
      "2bnk1rr/1ppppp2/2n2b2/p7/5BN1/3P2P1/PPP1PP1P/RN2K1R1 b KQg - 4 11";
  expect_twins(xfen, twin);
  expect_twins(xfen, "2bnk1rr/1ppppp2/2n2b2/p7/5BN1/3P2P1/PPP1PP1P/RN2K1R1 b GAg - 0 1");
  // The h8 rook's right instead of g8's is another position.
  EXPECT_NE(key_of(xfen, key_kind::mirror),
            key_of("2bnk1rr/1ppppp2/2n2b2/p7/5BN1/3P2P1/PPP1PP1P/RN2K1R1 b KQk - 4 11",
                   key_kind::mirror));
}

TEST(PositionKeyKinds, MirrorMapsTheLegalEpSquare) {
  constexpr std::string_view white_takes = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  constexpr std::string_view black_takes = "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1";
  expect_twins(white_takes, black_takes);
  EXPECT_NE(key_of(white_takes, key_kind::mirror),
            key_of("4k3/8/8/8/3Pp3/8/8/4K3 b - - 0 1", key_kind::mirror));
}

TEST(PositionKeyKinds, MirrorKeyIsThePositionKeyOfTheWhiteToMoveTwin) {
  constexpr std::string_view white = "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  constexpr std::string_view black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  EXPECT_EQ(key_of(white, key_kind::mirror), key_of(white, key_kind::position));
  EXPECT_EQ(key_of(black, key_kind::mirror), key_of(white, key_kind::position));
}

TEST(PositionKeyKinds, TenByEightPlacement) {
  constexpr std::string_view capablanca =
      "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
  EXPECT_EQ(key_of_10x8(capablanca, key_kind::placement),
            key_of_10x8("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR b Jj - 5 20",
                        key_kind::placement));
  EXPECT_NE(key_of_10x8(capablanca, key_kind::placement),
            key_of_10x8("rnabqkbanr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                        key_kind::placement));
  // The same text on 8 files is another board: its key's top bit differs.
  EXPECT_NE(key_of_10x8("5k4/10/10/10/10/10/10/5K4 w - - 0 1", key_kind::placement).high >> 63,
            key_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1", key_kind::placement).high >> 63);
}

TEST(PositionKeyKinds, TenByEightMirror) {
  expect_twins_10x8("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR b KQkq - 0 1");
  expect_twins_10x8("rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1",
                    "rnabqkbcnr/pppp1ppppp/10/4p5/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
  expect_twins_10x8("r3k4r/10/10/10/10/10/10/R3K4R w Kq - 0 1",
                    "r3k4r/10/10/10/10/10/10/R3K4R b Qk - 0 1");
  EXPECT_NE(key_of_10x8("r3k4r/10/10/10/10/10/10/R3K4R w Kq - 0 1", key_kind::mirror),
            key_of_10x8("r3k4r/10/10/10/10/10/10/R3K4R b Kq - 0 1", key_kind::mirror));
  // Capablanca random: inner rook rights (X-FEN file letters) keep their files.
  expect_twins_10x8("1r2k3r1/10/10/10/10/10/10/R1R1K3R1 w Ckq - 0 1",
                    "r1r1k3r1/10/10/10/10/10/10/1R2K3R1 b KQc - 0 1");
  // A legal ep capture on the j side of the board, and its twin.
  constexpr std::string_view white_takes = "5k4/10/10/4pP4/10/10/10/5K4 w - e6 0 1";
  expect_twins_10x8(white_takes, "5k4/10/10/10/4Pp4/10/10/5K4 b - e3 0 1");
  EXPECT_NE(key_of_10x8(white_takes, key_kind::mirror),
            key_of_10x8("5k4/10/10/10/4Pp4/10/10/5K4 b - - 0 1", key_kind::mirror));
}

}  // namespace
}  // namespace fenbatch::core
