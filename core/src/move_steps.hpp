// Move-generation steps that are the same on both boards (movegen.cpp,
// ten_by_eight/castling.cpp, ten_by_eight/movegen.cpp), written once over a board's Moves.
//
// Moves derives from a board's traits (board_traits.hpp) and adds the board's own parts:
//   move, move_list, move_kind                 the board's move types
//   between(a, b)                              the squares strictly between two squares
//   attackers(pos, s, by, occupied)            pieces of `by` attacking s through `occupied`
//   king_target(king, rook), rook_target(...)  where castling puts the king and the rook
//   generate(pos, out), after(pos, m)          the board's generate_legal_moves and after_move
// Each board's Moves lives in an anonymous namespace, so that the instantiations have internal
// linkage and GCC inlines them as it did the files' own static functions before they were
// shared (8x8 perft and callgrind unchanged).
#pragma once

#include <cstdint>

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

// The end of after_move, once the pieces have moved: a moved king loses both rights, a moved
// or captured rook its own; the halfmove clock restarts after a pawn move or a capture; the
// fullmove number advances after black's move; the other side is to move.
template <class Moves>
[[gnu::always_inline]] inline void finish_move(const typename Moves::position& pos,
                                               typename Moves::position& next,
                                               typename Moves::square from,
                                               typename Moves::square to, bool king_moved,
                                               bool pawn_moved, bool capture) noexcept {
  const color us = pos.side_to_move;
  if (king_moved) next.castling_rooks &= ~Moves::rank_bb(back_rank(us));
  next.castling_rooks &= ~Moves::square_bb(from) & ~Moves::square_bb(to);
  next.castling_rooks &= next.pieces(Moves::piece_type::rook);

  next.halfmove_clock = (pawn_moved || capture) ? 0 : pos.halfmove_clock + 1;
  if (us == color::black) ++next.fullmove_number;
  next.side_to_move = ~us;
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
