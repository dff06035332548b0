// En passant on the 10x8 board, for validate() (legal_ep, pseudo_legal_ep) and for writing a
// position alone: which pawns attack the square, and whether one of them may capture.
#pragma once

#include "fenbatch/core/ten_by_eight/attacks.hpp"

namespace fenbatch::core::ten_by_eight::detail {

// The square one rank toward colour c's opponent (c's pawns move that way).
constexpr square step_forward(color c, square s) noexcept {
  return square_at(to_index(s) + (c == color::white ? file_count : -file_count));
}

// Pawns of the side to move that attack the en-passant square (which must be set).
inline bitboard ep_capturers(const position& pos) noexcept {
  const color us = pos.side_to_move;
  return pos.pieces(us, piece_type::pawn) & pawn_attacks(~us, pos.ep_square);
}

// Whether one of `capturers` may take en passant without leaving its own king attacked
// (pins along the rank the two pawns leave included). The ep square must be valid.
inline bool has_legal_ep_capture(const position& pos, bitboard capturers) noexcept {
  const color us = pos.side_to_move;
  const square king = pos.king_square(us);
  const bitboard target = square_bb(pos.ep_square);
  const bitboard captured = square_bb(step_forward(~us, pos.ep_square));
  while (capturers != 0) {
    const square from = pop_lsb(capturers);
    const bitboard after = (pos.occupied() ^ square_bb(from) ^ captured) | target;
    if ((attackers(pos, king, ~us, after) & ~captured) == 0) return true;
  }
  return false;
}

}  // namespace fenbatch::core::ten_by_eight::detail
