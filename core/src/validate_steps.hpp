// Legality checks that are the same on every board (validate.cpp, ten_by_eight/validate.cpp),
// written once over a board's Rules: castling rights, the ep square, impossible checks, legal
// en passant.
//
// (validate() itself, the order of the checks, stays one body per board: the same body as a
// template here, inlined into the 8x8 validate(), compiled to 7 more instructions per line on
// the 8x8 hot path under callgrind, 29 more with always_inline.)
//
// Rules derives from a board's traits (board_traits.hpp) and adds the board's own parts:
//   attackers(pos, s, by, occupied)            pieces of `by` attacking s through `occupied`
//   line_through(a, b)                         the full line through two squares, or 0
//   pawn_attacks(c, s)                         squares a pawn of c on s attacks
//   leapers(pos, king)                         the pieces whose check no piece can block
//   step(c, s)                                 the square one rank toward c's opponent, as a
//                                              bitboard (where c's pawns move)
//   pushed_to(us, ep), pushed_from(us, ep)     the double push (by us's opponent) that made
//                                              the valid ep square
// The 8x8 Rules lives in an anonymous namespace (validate.cpp): its instantiations then have
// internal linkage and GCC inlines them into validate() as it did that file's static functions
// (callgrind: validate() executes exactly the instructions it did before they were shared).
#pragma once

#include "board_traits.hpp"

namespace fenbatch::core::detail {

// The rights python-chess clean_castling_rights() keeps: own rooks on the back rank, the king
// there, and the outermost rook on each side of it.
template <class Rules>
typename Rules::bitboard clean_castling_rights(const typename Rules::position& pos) noexcept {
  using bitboard = typename Rules::bitboard;
  bitboard clean = 0;
  for (const color c : {color::white, color::black}) {
    const bitboard back = Rules::rank_bb(back_rank(c));
    const bitboard king = pos.pieces(c, Rules::piece_type::king) & back;
    if (king == 0) continue;
    const bitboard rights = pos.castling_rooks & pos.pieces(c, Rules::piece_type::rook) & back;
    const bitboard a_side = rights & (king - 1);
    const bitboard far_side = rights & ~(king | (king - 1));
    if (a_side != 0) clean |= square_bb(Rules::lsb(a_side));
    if (far_side != 0) clean |= square_bb(Rules::msb(far_side));
  }
  return clean;
}

// python-chess _valid_ep_square: the target is on the side's ep rank, empty, with the pushed
// pawn in front of it and the square the pawn came from empty.
template <class Rules>
bool valid_ep_square(const typename Rules::position& pos) noexcept {
  using bitboard = typename Rules::bitboard;
  const auto ep = pos.ep_square;
  const color us = pos.side_to_move;
  if (rank_of(ep) != (us == color::white ? 5 : 2)) return false;
  const bitboard target = square_bb(ep);
  const bitboard pushed = Rules::step(~us, ep);  // one step back towards the pusher
  const bitboard origin = Rules::step(us, ep);
  return (pos.pieces(~us, Rules::piece_type::pawn) & pushed) != 0 &&
         (pos.occupied() & target) == 0 && (pos.occupied() & origin) == 0;
}

// Checks that no legal last move can have given (python-chess status(), which includes
// shakmaty's "two stepping checkers" rule; the board says which pieces leap).
template <class Rules>
bool impossible_check(const typename Rules::position& pos,
                      typename Rules::bitboard checkers) noexcept {
  using bitboard = typename Rules::bitboard;
  const color us = pos.side_to_move;
  const auto king = pos.king_square(us);
  const int count = Rules::popcount(checkers);
  if (count > 2) return true;
  if (Rules::popcount(checkers & Rules::leapers(pos, king)) > 1) return true;
  if (pos.ep_square != Rules::no_square) {
    // The last move was the double push to pushed_to: either that pawn gives the only check,
    // or the check came from a line the pawn uncovered.
    const auto pushed_to = Rules::pushed_to(us, pos.ep_square);
    const auto pushed_from = Rules::pushed_from(us, pos.ep_square);
    const bitboard before = (pos.occupied() & ~square_bb(pushed_to)) | square_bb(pushed_from);
    return count > 1 ||
           (Rules::msb(checkers) != pushed_to && Rules::attackers(pos, king, ~us, before) != 0);
  }
  return count == 2 &&
         (Rules::line_through(Rules::lsb(checkers), Rules::msb(checkers)) & square_bb(king)) != 0;
}

// Pawns of the side to move that attack the en-passant square (which must be set).
template <class Rules>
typename Rules::bitboard ep_capturers(const typename Rules::position& pos) noexcept {
  const color us = pos.side_to_move;
  return pos.pieces(us, Rules::piece_type::pawn) & Rules::pawn_attacks(~us, pos.ep_square);
}

// Whether one of `capturers` may take en passant without leaving its own king attacked (pins
// along the rank the two pawns leave included). The ep square must be valid.
template <class Rules>
bool has_legal_ep_capture(const typename Rules::position& pos,
                          typename Rules::bitboard capturers) noexcept {
  using bitboard = typename Rules::bitboard;
  const color us = pos.side_to_move;
  const auto king = pos.king_square(us);
  const bitboard target = square_bb(pos.ep_square);
  const bitboard captured = Rules::step(~us, pos.ep_square);
  while (capturers != 0) {
    const auto from = Rules::pop_lsb(capturers);
    const bitboard after = (pos.occupied() ^ square_bb(from) ^ captured) | target;
    if ((Rules::attackers(pos, king, ~us, after) & ~captured) == 0) return true;
  }
  return false;
}

}  // namespace fenbatch::core::detail
