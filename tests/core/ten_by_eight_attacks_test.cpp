// Attack sets on the 10x8 board, each worked out by hand on a diagram of files a-j (square
// names in the comments; the expected sets are written as lists of square names).
#include <gtest/gtest.h>

#include <initializer_list>
#include <random>
#include <string_view>

#include "fenbatch/core/ten_by_eight/attacks.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

square sq(std::string_view name) {
  return make_square(name[0] - 'a', name[1] - '1');
}

bitboard squares(std::initializer_list<std::string_view> names) {
  bitboard b = 0;
  for (const std::string_view n : names) b |= square_bb(sq(n));
  return b;
}

TEST(TenByEightAttacks, KnightInCornersAndCentre) {
  EXPECT_EQ(knight_attacks(sq("a1")), squares({"b3", "c2"}));
  EXPECT_EQ(knight_attacks(sq("j8")), squares({"i6", "h7"}));
  // j1: the 8x8 board's h1 neighbours moved two files right; nothing wraps to the a file.
  EXPECT_EQ(knight_attacks(sq("j1")), squares({"i3", "h2"}));
  EXPECT_EQ(knight_attacks(sq("e4")), squares({"d6", "f6", "g5", "g3", "f2", "d2", "c3", "c5"}));
  // i5: two files right reaches past j only as far as the board goes.
  EXPECT_EQ(knight_attacks(sq("i5")), squares({"h7", "j7", "g6", "g4", "h3", "j3"}));
}

TEST(TenByEightAttacks, KingAtTheEdge) {
  EXPECT_EQ(king_attacks(sq("j1")), squares({"i1", "i2", "j2"}));
  EXPECT_EQ(king_attacks(sq("a5")), squares({"a6", "b6", "b5", "b4", "a4"}));
}

TEST(TenByEightAttacks, ArchbishopIsBishopPlusKnight) {
  // a1 on an empty board: knight b3 c2, diagonal b2..h8 (the long diagonal ends on h8).
  const bitboard a1 = squares({"b3", "c2", "b2", "c3", "d4", "e5", "f6", "g7", "h8"});
  EXPECT_EQ(bishop_attacks(sq("a1"), 0) | knight_attacks(sq("a1")), a1);
  // e4: 8 knight squares, diagonals f5-i8 (4), d5-a8 (4), d3-b1 (3), f3-h1 (3) = 22.
  const bitboard e4 = bishop_attacks(sq("e4"), 0) | knight_attacks(sq("e4"));
  EXPECT_EQ(popcount(e4), 22);
  EXPECT_EQ(bishop_attacks(sq("e4"), 0), squares({"f5", "g6", "h7", "i8", "d5", "c6", "b7", "a8",
                                                  "d3", "c2", "b1", "f3", "g2", "h1"}));
}

TEST(TenByEightAttacks, ChancellorIsRookPlusKnight) {
  // j1: knight i3 h2, file j2..j8 (7), rank a1..i1 (9) = 18.
  const bitboard j1 = rook_attacks(sq("j1"), 0) | knight_attacks(sq("j1"));
  EXPECT_EQ(popcount(j1), 18);
  EXPECT_EQ(rook_attacks(sq("j1"), 0) & rank_bb(0),
            squares({"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"}));
  // e4: 8 + 7 + 9 = 24.
  EXPECT_EQ(popcount(rook_attacks(sq("e4"), 0) | knight_attacks(sq("e4"))), 24);
}

TEST(TenByEightAttacks, RookStopsAtBlockersAndDoesNotWrap) {
  EXPECT_EQ(rook_attacks(sq("a1"), squares({"a4", "e1", "a6"})),
            squares({"a2", "a3", "a4", "b1", "c1", "d1", "e1"}));
  // j4 looks east into nothing (a5 is the next bit, not a neighbour).
  EXPECT_EQ(rook_attacks(sq("j4"), squares({"g4", "j6"})),
            squares({"j5", "j6", "j3", "j2", "j1", "i4", "h4", "g4"}));
  EXPECT_EQ(rook_attacks(sq("a5"), squares({"b5"})) & rank_bb(4), squares({"b5"}));
}

TEST(TenByEightAttacks, BishopStopsAtBlockers) {
  EXPECT_EQ(bishop_attacks(sq("c3"), squares({"e5", "a5", "h8"})),
            squares({"d4", "e5", "b4", "a5", "b2", "a1", "d2", "e1"}));
  // i2: north-east only j3, south-east j1.
  EXPECT_EQ(bishop_attacks(sq("i2"), squares({"f5"})),
            squares({"j3", "j1", "h1", "h3", "g4", "f5"}));
}

TEST(TenByEightAttacks, PawnsAtTheEdgeFiles) {
  EXPECT_EQ(pawn_attacks(color::white, sq("a2")), squares({"b3"}));
  EXPECT_EQ(pawn_attacks(color::white, sq("j2")), squares({"i3"}));
  EXPECT_EQ(pawn_attacks(color::white, sq("e4")), squares({"d5", "f5"}));
  EXPECT_EQ(pawn_attacks(color::black, sq("a7")), squares({"b6"}));
  EXPECT_EQ(pawn_attacks(color::black, sq("j7")), squares({"i6"}));
}

TEST(TenByEightAttacks, BetweenAndLine) {
  EXPECT_EQ(between(sq("a1"), sq("j1")), squares({"b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"}));
  EXPECT_EQ(between(sq("c1"), sq("h6")), squares({"d2", "e3", "f4", "g5"}));
  EXPECT_EQ(between(sq("a1"), sq("b3")), bitboard{0});
  EXPECT_EQ(line_through(sq("c2"), sq("c7")), file_bb(2));
  EXPECT_EQ(line_through(sq("c1"), sq("d2")),
            squares({"c1", "d2", "e3", "f4", "g5", "h6", "i7", "j8"}));
}

TEST(TenByEightAttacks, AttackersCountArchbishopAndChancellorAsLeapersAndSliders) {
  position pos;
  pos.put({color::black, piece_type::archbishop}, sq("d6"));  // knight move to e4
  pos.put({color::black, piece_type::chancellor}, sq("e8"));  // rook line down the e file
  pos.put({color::black, piece_type::archbishop}, sq("h7"));  // diagonal h7-e4
  pos.put({color::white, piece_type::pawn}, sq("f5"));        // blocks h7's diagonal
  pos.put({color::white, piece_type::king}, sq("e4"));
  pos.put({color::black, piece_type::king}, sq("j8"));
  // h7-g6-f5-e4: f5 blocks the h7 archbishop; d6 leaps; e8 slides down e7, e6, e5.
  EXPECT_EQ(attackers(pos, sq("e4"), color::black, pos.occupied()), squares({"d6", "e8"}));
  pos.side_to_move = color::white;
  EXPECT_EQ(checkers(pos), squares({"d6", "e8"}));
}

// attackers() walks only the rays that hold a slider; the reference here is the whole attack
// set of each piece kind, masked by the pieces. Random boards (each square a random piece or
// empty) and occupancies that differ from the board (pieces left out, empty squares added), as
// the ep and movegen checks pass them.
TEST(TenByEightAttacks, AttackersAgreeWithWholeAttackSets) {
  std::mt19937_64 rng(31);
  const auto random_board = [&rng](int density) {
    bitboard b = 0;
    for (int s = 0; s < square_count; ++s) {
      if (static_cast<int>(rng() % 100) < density) b |= square_bb(square_at(s));
    }
    return b;
  };
  int attacked = 0;
  for (int round = 0; round < 3000; ++round) {
    position pos;
    const int density = 10 + round % 50;
    for (int s = 0; s < square_count; ++s) {
      if (static_cast<int>(rng() % 100) >= density) continue;
      const bitboard b = square_bb(square_at(s));
      pos.by_color[rng() % color_count] |= b;
      pos.by_type[rng() % piece_type_count] |= b;
    }
    const bitboard occupied = (pos.occupied() & ~random_board(10)) | random_board(5);
    const auto kind = [&pos](piece_type t) { return pos.pieces(t); };
    for (int s = 0; s < square_count; ++s) {
      const square at = square_at(s);
      for (const color by : {color::white, color::black}) {
        const bitboard expected =
            ((knight_attacks(at) & (kind(piece_type::knight) | kind(piece_type::archbishop) |
                                    kind(piece_type::chancellor))) |
             (king_attacks(at) & kind(piece_type::king)) |
             (pawn_attacks(~by, at) & kind(piece_type::pawn)) |
             (bishop_attacks(at, occupied) &
              (kind(piece_type::bishop) | kind(piece_type::queen) | kind(piece_type::archbishop))) |
             (rook_attacks(at, occupied) &
              (kind(piece_type::rook) | kind(piece_type::queen) | kind(piece_type::chancellor)))) &
            pos.pieces(by);
        ASSERT_EQ(attackers(pos, at, by, occupied), expected) << "square " << s;
        if (expected != 0) ++attacked;
      }
    }
  }
  EXPECT_GT(attacked, 100000);
}

}  // namespace
}  // namespace fenbatch::core::ten_by_eight
