// Legal move generation, written once for both boards (movegen.cpp, ten_by_eight/movegen.cpp)
// over a board's Moves: evasions by a target mask, pins by line, en passant played out,
// castling as move_steps.hpp adds it.
//
// Besides what move_steps.hpp asks of Moves, this needs the board's attack functions:
//   king_attacks(s), pawn_attacks(c, s)       a king's and a pawn's attacked squares
//   bishop_attacks(s, occupied), rook_attacks(s, occupied)
//   line_through(a, b)                        the whole line through two squares, else empty
//   all_squares                               every square of the board
//   forward(c, b)                             b one rank toward colour c's opponent
//   diagonal_sliders(pos, c), straight_sliders(pos, c)
//                                             c's pieces that slide as a bishop, as a rook
//   promotion_types                           what a pawn may promote to, in the order listed
//   visit_piece_attacks(pos, occupied, visit) visit(from, attacks) for each piece of the side
//                                             to move but its pawns and king, in the board's
//                                             own order (which the generated list keeps)
// Both boards have eight ranks: pawns start on the second and promote on the last.
#pragma once

#include "move_steps.hpp"

namespace fenbatch::core::detail {

inline constexpr int first_rank = 0;
inline constexpr int last_rank = 7;

// Our pieces that alone stand between our king and an enemy slider.
template <class Moves>
typename Moves::bitboard pinned_pieces(const typename Moves::position& pos, color us,
                                       typename Moves::square king) noexcept {
  using bitboard = typename Moves::bitboard;
  const color them = ~us;
  const bitboard snipers = (Moves::rook_attacks(king, 0) & Moves::straight_sliders(pos, them)) |
                           (Moves::bishop_attacks(king, 0) & Moves::diagonal_sliders(pos, them));
  bitboard pinned = 0;
  for (bitboard s = snipers; s != 0;) {
    const bitboard blockers = Moves::between(king, Moves::pop_lsb(s)) & pos.occupied();
    if (blockers != 0 && !Moves::more_than_one(blockers)) pinned |= blockers & pos.pieces(us);
  }
  return pinned;
}

// A pawn's moves to `targets`, each promotion to every type a pawn may become.
template <class Moves>
void add_pawn_moves(typename Moves::square from, typename Moves::bitboard targets,
                    typename Moves::move_list& out) noexcept {
  using move = typename Moves::move;
  while (targets != 0) {
    const typename Moves::square to = Moves::pop_lsb(targets);
    if (rank_of(to) == first_rank || rank_of(to) == last_rank) {
      for (const auto t : Moves::promotion_types) {
        out.push(move(from, to, Moves::move_kind::promotion, t));
      }
    } else {
      out.push(move(from, to));
    }
  }
}

// The en-passant captures (the ep square must be set): rare, so each is played out against
// every attacker of the king.
template <class Moves>
void add_en_passant(const typename Moves::position& pos, typename Moves::square king,
                    typename Moves::move_list& out) noexcept {
  using bitboard = typename Moves::bitboard;
  using piece_type = typename Moves::piece_type;
  const color us = pos.side_to_move;
  const color them = ~us;
  const bitboard target = Moves::square_bb(pos.ep_square);
  const bitboard captured = Moves::forward(them, target);
  if ((pos.pieces(them, piece_type::pawn) & captured) == 0 || (pos.occupied() & target) != 0) {
    return;
  }
  for (bitboard b = pos.pieces(us, piece_type::pawn) & Moves::pawn_attacks(them, pos.ep_square);
       b != 0;) {
    const typename Moves::square from = Moves::pop_lsb(b);
    const bitboard after = (pos.occupied() ^ Moves::square_bb(from) ^ captured) | target;
    if ((Moves::attackers(pos, king, them, after) & ~captured) == 0) {
      out.push(typename Moves::move(from, pos.ep_square, Moves::move_kind::en_passant));
    }
  }
}

// Replaces `out` with the legal moves of the side to move: king moves first, then the other
// pieces' (visit_piece_attacks' order), pawns, en passant, castling.
template <class Moves>
void generate_legal_moves(const typename Moves::position& pos,
                          typename Moves::move_list& out) noexcept {
  using bitboard = typename Moves::bitboard;
  using square = typename Moves::square;
  using piece_type = typename Moves::piece_type;
  using move = typename Moves::move;
  out.size = 0;
  const color us = pos.side_to_move;
  const color them = ~us;
  const bitboard ours = pos.pieces(us);
  const bitboard occupied = pos.occupied();
  const square king = pos.king_square(us);
  const bitboard checking = Moves::attackers(pos, king, them, occupied);

  for (bitboard t = Moves::king_attacks(king) & ~ours; t != 0;) {
    const square to = Moves::pop_lsb(t);
    if (Moves::attackers(pos, to, them, occupied ^ Moves::square_bb(king)) == 0) {
      out.push(move(king, to));
    }
  }
  if (Moves::more_than_one(checking)) return;

  // In check, the other pieces may only take the checker or step between it and the king.
  const bitboard targets =
      checking != 0 ? Moves::between(king, Moves::lsb(checking)) | checking : Moves::all_squares;
  const bitboard pinned = pinned_pieces<Moves>(pos, us, king);
  const auto allowed = [&](square from) {
    return (pinned & Moves::square_bb(from)) != 0 ? Moves::line_through(king, from)
                                                  : Moves::all_squares;
  };

  Moves::visit_piece_attacks(pos, occupied, [&](square from, bitboard attacks) {
    for (attacks &= ~ours & targets & allowed(from); attacks != 0;) {
      out.push(move(from, Moves::pop_lsb(attacks)));
    }
  });

  const bitboard empty = Moves::all_squares & ~occupied;
  const int start_rank = us == color::white ? first_rank + 1 : last_rank - 1;
  for (bitboard b = pos.pieces(us, piece_type::pawn); b != 0;) {
    const square from = Moves::pop_lsb(b);
    bitboard moves = Moves::forward(us, Moves::square_bb(from)) & empty;
    if (moves != 0 && rank_of(from) == start_rank) moves |= Moves::forward(us, moves) & empty;
    moves |= Moves::pawn_attacks(us, from) & pos.pieces(them);
    add_pawn_moves<Moves>(from, moves & targets & allowed(from), out);
  }

  if (pos.ep_square != Moves::no_square) add_en_passant<Moves>(pos, king, out);
  if (checking == 0) add_castling_moves<Moves>(pos, king, out);
}

}  // namespace fenbatch::core::detail
