// Capablanca-random castling (castling.hpp): path emptiness, an unattacked king path, and the
// Chess960 subtlety that the rook's departure may uncover an attack on the king's target.

#include "castling.hpp"

#include "fenbatch/core/ten_by_eight/attacks.hpp"

namespace fenbatch::core::ten_by_eight::detail {

namespace {

constexpr int a_side_king_file = 2;  // c
constexpr int a_side_rook_file = 3;  // d
constexpr int j_side_king_file = 8;  // i
constexpr int j_side_rook_file = 7;  // h

}  // namespace

square castling_king_target(square king, square rook) noexcept {
  return make_square(to_index(rook) > to_index(king) ? j_side_king_file : a_side_king_file,
                     rank_of(king));
}
square castling_rook_target(square king, square rook) noexcept {
  return make_square(to_index(rook) > to_index(king) ? j_side_rook_file : a_side_rook_file,
                     rank_of(king));
}

void add_castling_moves(const position& pos, square king, move_list& out) noexcept {
  const color us = pos.side_to_move;
  const bitboard occupied = pos.occupied();
  for (bitboard rights = pos.castling_rooks_of(us); rights != 0;) {
    const square rook = pop_lsb(rights);
    const square king_to = castling_king_target(king, rook);
    const square rook_to = castling_rook_target(king, rook);
    const bitboard king_path = between(king, king_to) | square_bb(king_to);
    const bitboard rook_path = between(rook, rook_to) | square_bb(rook_to);
    const bitboard must_be_empty = (king_path | rook_path) & ~square_bb(king) & ~square_bb(rook);
    if ((must_be_empty & occupied) != 0) continue;
    bool safe = true;
    for (bitboard path = king_path; path != 0 && safe;) {
      safe = attackers(pos, pop_lsb(path), ~us, occupied) == 0;
    }
    if (!safe) continue;
    // The rook may have shielded the king's target along the back rank (rook a1-side beyond
    // c1, enemy rook or chancellor further out).
    const bitboard after =
        (occupied ^ square_bb(king) ^ square_bb(rook)) | square_bb(king_to) | square_bb(rook_to);
    if (attackers(pos, king_to, ~us, after) != 0) continue;
    out.push(move(king, rook, move_kind::castling));
  }
}

}  // namespace fenbatch::core::ten_by_eight::detail
