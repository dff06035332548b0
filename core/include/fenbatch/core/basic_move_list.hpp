// A fixed-capacity list of moves, for any board: Move is the board's move, Capacity bounds the
// legal moves of one of its positions. Each board's `move_list` derives from its instantiation
// (see basic_position.hpp for why not an alias).
#pragma once

#include <array>
#include <cstddef>

namespace fenbatch::core {

template <class Move, std::size_t Capacity>
struct basic_move_list {
  std::array<Move, Capacity> moves{};
  std::size_t size = 0;
  void push(Move m) noexcept { moves[size++] = m; }
  [[nodiscard]] const Move* begin() const noexcept { return moves.data(); }
  [[nodiscard]] const Move* end() const noexcept { return moves.data() + size; }
};

}  // namespace fenbatch::core
