// Attack sets checked against squares listed by hand.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>

#include "fenbatch/core/attacks.hpp"
#include "fenbatch/core/record.hpp"

namespace fenbatch::core {
namespace {

square sq(std::string_view name) {
  return make_square(name[0] - 'a', name[1] - '1');
}

bitboard squares(std::initializer_list<std::string_view> names) {
  bitboard b = 0;
  for (const auto name : names) b |= square_bb(sq(name));
  return b;
}

TEST(Attacks, StepperAttacksAtCornersAndCentre) {
  EXPECT_EQ(knight_attacks(sq("a1")), squares({"b3", "c2"}));
  EXPECT_EQ(knight_attacks(sq("e4")), squares({"d6", "f6", "g5", "g3", "f2", "d2", "c3", "c5"}));
  EXPECT_EQ(king_attacks(sq("h8")), squares({"g8", "g7", "h7"}));
  EXPECT_EQ(pawn_attacks(color::white, sq("a2")), squares({"b3"}));
  EXPECT_EQ(pawn_attacks(color::black, sq("e5")), squares({"d4", "f4"}));
  EXPECT_EQ(pawn_attacks(color::white, sq("e8")), 0U);
}

TEST(Attacks, SlidersStopAtTheFirstBlocker) {
  const bitboard blockers = squares({"a4", "c1", "d4"});
  EXPECT_EQ(rook_attacks(sq("a1"), blockers), squares({"a2", "a3", "a4", "b1", "c1"}));
  EXPECT_EQ(bishop_attacks(sq("f6"), blockers),
            squares({"e7", "d8", "g7", "h8", "g5", "h4", "e5", "d4"}));
  EXPECT_EQ(rook_attacks(sq("d4"), 0) & squares({"d1", "d8", "a4", "h4"}),
            squares({"d1", "d8", "a4", "h4"}));
}

TEST(Attacks, CheckersOfTheSideToMove) {
  record rec;
  // Black king e8 attacked by the rook on e1 and the knight on d6 (a legal double check).
  ASSERT_TRUE(parse_record("4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1", {}, rec).ok());
  EXPECT_EQ(checkers(rec.pos), squares({"e1", "d6"}));
  EXPECT_TRUE(rec.in_check);
  EXPECT_EQ(attackers(rec.pos, sq("e7"), color::white, rec.pos.occupied()), squares({"e1"}));
}

}  // namespace
}  // namespace fenbatch::core
