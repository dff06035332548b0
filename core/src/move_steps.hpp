// Move-generation steps that are the same on both boards (movegen.cpp, ten_by_eight/movegen.cpp,
// and legal_moves.hpp, the generator), written once over a board's Moves.
//
// Moves derives from a board's traits (board_traits.hpp) and adds the board's own parts:
//   move, move_list, move_kind                 the board's move types
//   between(a, b)                              the squares strictly between two squares
//   attackers(pos, s, by, occupied)            pieces of `by` attacking s through `occupied`
//   king_target(king, rook), rook_target(...)  where castling puts the king and the rook
//   en_passant_victim(us, to)                  the pawn an en-passant capture to `to` takes
//   is_double_push(us, from, to)               a pawn move from `from` to `to` is a double push
//   generate(pos, out), after(pos, m)          the board's generate_legal_moves and after_move
// Each board's Moves lives in an anonymous namespace, so that the instantiations have internal
// linkage and GCC inlines them as it did the files' own static functions before they were
// shared (8x8 perft and callgrind unchanged).
#pragma once

#include <cstdint>
#include <optional>

#include "board_traits.hpp"

namespace fenbatch::core::detail {

// Appends the legal castling moves (king square -> rook square), Chess960 style: the king and
// the rook go to fixed files wherever they start, both paths empty but for the two of them, no
// square of the king's path attacked. The side to move must not be in check.
template <class Moves>
void add_castling_moves(const typename Moves::position& pos, typename Moves::square king,
                        typename Moves::move_list& out) noexcept {
  using bitboard = typename Moves::bitboard;
  using square = typename Moves::square;
  const color us = pos.side_to_move;
  const bitboard occupied = pos.occupied();
  for (bitboard rights = pos.castling_rooks_of(us); rights != 0;) {
    const square rook = Moves::pop_lsb(rights);
    const square king_to = Moves::king_target(king, rook);
    const square rook_to = Moves::rook_target(king, rook);
    const bitboard king_path = Moves::between(king, king_to) | Moves::square_bb(king_to);
    const bitboard rook_path = Moves::between(rook, rook_to) | Moves::square_bb(rook_to);
    const bitboard must_be_empty =
        (king_path | rook_path) & ~Moves::square_bb(king) & ~Moves::square_bb(rook);
    if ((must_be_empty & occupied) != 0) continue;
    bool safe = true;
    for (bitboard path = king_path; path != 0 && safe;) {
      safe = Moves::attackers(pos, Moves::pop_lsb(path), ~us, occupied) == 0;
    }
    if (!safe) continue;
    // The rook may have shielded the king's target along the back rank (an enemy rook, queen
    // or chancellor further out).
    const bitboard after = (occupied ^ Moves::square_bb(king) ^ Moves::square_bb(rook)) |
                           Moves::square_bb(king_to) | Moves::square_bb(rook_to);
    if (Moves::attackers(pos, king_to, ~us, after) != 0) continue;
    out.push(typename Moves::move(king, rook, Moves::move_kind::castling));
  }
}

// The position after a legal move: the pieces moved (castling puts king and rook on their
// targets; en passant takes the pawn behind the target; a promotion puts the new piece), the ep
// square set after every double push, a moved king's rights and a moved or captured rook's
// right dropped, the halfmove clock restarted after a pawn move or a capture, the fullmove
// number advanced after black's move, the other side to move.
template <class Moves>
[[gnu::always_inline]] inline typename Moves::position play_move(
    const typename Moves::position& pos, typename Moves::move m) noexcept {
  using square = typename Moves::square;
  using piece_type = typename Moves::piece_type;
  using move_kind = typename Moves::move_kind;
  typename Moves::position next = pos;
  const color us = pos.side_to_move;
  const square from = m.from();
  const square to = m.to();
  const std::optional<typename Moves::piece> moving = pos.piece_on(from);
  const bool is_pawn = moving && moving->type == piece_type::pawn;
  bool capture = false;

  next.ep_square = Moves::no_square;
  if (m.kind() == move_kind::castling) {
    const square king_to = Moves::king_target(from, to);
    const square rook_to = Moves::rook_target(from, to);
    next.remove(from);
    next.remove(to);
    next.put({us, piece_type::king}, king_to);
    next.put({us, piece_type::rook}, rook_to);
  } else {
    if (m.kind() == move_kind::en_passant) {
      next.remove(Moves::en_passant_victim(us, to));
      capture = true;
    } else if ((pos.occupied() & Moves::square_bb(to)) != 0) {
      next.remove(to);
      capture = true;
    }
    next.remove(from);
    next.put({us, m.kind() == move_kind::promotion ? m.promotion() : moving->type}, to);
    if (is_pawn && Moves::is_double_push(us, from, to)) {
      next.ep_square = static_cast<square>((to_index(from) + to_index(to)) / 2);
    }
  }

  // A moved king loses both rights; a moved or captured rook loses its own.
  if (moving && moving->type == piece_type::king) {
    next.castling_rooks &= ~Moves::rank_bb(back_rank(us));
  }
  next.castling_rooks &= ~Moves::square_bb(from) & ~Moves::square_bb(to);
  next.castling_rooks &= next.pieces(piece_type::rook);

  next.halfmove_clock = (is_pawn || capture) ? 0 : pos.halfmove_clock + 1;
  if (us == color::black) ++next.fullmove_number;
  next.side_to_move = ~us;
  return next;
}

// Leaf nodes of the legal move tree to `depth` plies; the last ply is counted, not played.
template <class Moves>
std::uint64_t count_leaves(const typename Moves::position& pos, int depth) noexcept {
  if (depth <= 0) return 1;
  typename Moves::move_list moves;
  Moves::generate(pos, moves);
  if (depth == 1) return moves.size;
  std::uint64_t nodes = 0;
  for (const auto m : moves) nodes += count_leaves<Moves>(Moves::after(pos, m), depth - 1);
  return nodes;
}

}  // namespace fenbatch::core::detail
