// The 10x8 board's rules for the checks shared with 8x8 (../validate_steps.hpp), and en passant
// through them, for validate() (legal_ep, pseudo_legal_ep) and for writing a position alone.
#pragma once

#include "../validate_steps.hpp"
#include "fenbatch/core/ten_by_eight/attacks.hpp"

namespace fenbatch::core::ten_by_eight::detail {

// The square one rank toward colour c's opponent (c's pawns move that way).
constexpr square step_forward(color c, square s) noexcept {
  return square_at(to_index(s) + (c == color::white ? file_count : -file_count));
}

struct ten_by_eight_rules : core::detail::ten_by_eight_board {
  static bitboard attackers(const position& pos, square s, color by, bitboard occupied) noexcept {
    return ten_by_eight::attackers(pos, s, by, occupied);
  }
  static bitboard line_through(square a, square b) noexcept {
    return ten_by_eight::line_through(a, b);
  }
  static bitboard pawn_attacks(color c, square s) noexcept {
    return ten_by_eight::pawn_attacks(c, s);
  }
  // An archbishop or chancellor leaps when it stands a knight's move from the king.
  static bitboard leapers(const position& pos, square king) noexcept {
    return pos.pieces(piece_type::pawn) | pos.pieces(piece_type::knight) |
           pos.pieces(piece_type::king) |
           ((pos.pieces(piece_type::archbishop) | pos.pieces(piece_type::chancellor)) &
            knight_attacks(king));
  }
  static bitboard step(color c, square s) noexcept { return square_bb(step_forward(c, s)); }
  static square pushed_to(color us, square ep) noexcept { return step_forward(~us, ep); }
  static square pushed_from(color us, square ep) noexcept { return step_forward(us, ep); }
};

// Pawns of the side to move that attack the en-passant square (which must be set).
inline bitboard ep_capturers(const position& pos) noexcept {
  return core::detail::ep_capturers<ten_by_eight_rules>(pos);
}

// Whether one of `capturers` may take en passant without leaving its own king attacked
// (pins along the rank the two pawns leave included). The ep square must be valid.
inline bool has_legal_ep_capture(const position& pos, bitboard capturers) noexcept {
  return core::detail::has_legal_ep_capture<ten_by_eight_rules>(pos, capturers);
}

}  // namespace fenbatch::core::ten_by_eight::detail
