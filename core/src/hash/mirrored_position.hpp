// The colour-flipped twin of a position, as python-chess's Board.mirror() makes it: ranks
// mirrored (a1 <-> a8), colours swapped, the other side to move, castling rights (rook squares)
// and the en-passant square mirrored with the board, counters kept. For either board: each
// passes its rank flip (a byte swap on 8x8, ten-bit rank groups on 10x8). Used by the `mirror`
// key (position_key.cpp of each board).
#pragma once

#include <cstddef>

namespace fenbatch::core::detail {

// `s` on the other side of the board, or no_square for no_square.
template <class Position, class FlipRanks>
[[nodiscard]] constexpr typename Position::square mirrored_square(typename Position::square s,
                                                                  FlipRanks flip_ranks) noexcept {
  using board = typename Position::vocabulary;
  return s == board::no_square ? s : board::lsb(flip_ranks(board::square_bb(s)));
}

template <class Position, class FlipRanks>
[[nodiscard]] constexpr Position mirrored(const Position& pos, FlipRanks flip_ranks) noexcept {
  Position twin = pos;
  for (std::size_t c = 0; c < pos.by_color.size(); ++c) {
    twin.by_color[c] = flip_ranks(pos.by_color[pos.by_color.size() - 1 - c]);
  }
  for (std::size_t t = 0; t < pos.by_type.size(); ++t) twin.by_type[t] = flip_ranks(pos.by_type[t]);
  twin.castling_rooks = flip_ranks(pos.castling_rooks);
  twin.ep_square = mirrored_square<Position>(pos.ep_square, flip_ranks);
  twin.side_to_move = ~pos.side_to_move;
  return twin;
}

}  // namespace fenbatch::core::detail
