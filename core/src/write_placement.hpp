// The placement field written from the board, for either board (write.cpp, where it is the
// rare path: the 8x8 writer copies the line's own placement text whenever it can; and
// ten_by_eight/write.cpp): ranks 8 to 1, merged counts of empty squares ("10" for an empty
// 10-file rank), '/' between ranks.
#pragma once

#include <array>
#include <cstddef>

#include "board_traits.hpp"

namespace fenbatch::core::detail {

// The letters of the pieces, by colour and then piece_type.
template <class Board>
using piece_letters = std::array<std::array<char, Board::piece_types>, color_count>;

template <class Board>
char* write_placement(const typename Board::position& pos, const piece_letters<Board>& letters,
                      char* o) noexcept {
  using bitboard = typename Board::bitboard;
  constexpr int ranks = 8;
  std::array<char, static_cast<std::size_t>(Board::files * ranks)> board{};
  for (int c = 0; c < color_count; ++c) {
    for (int t = 0; t < Board::piece_types; ++t) {
      bitboard b =
          pos.by_color[static_cast<std::size_t>(c)] & pos.by_type[static_cast<std::size_t>(t)];
      while (b != 0) {
        board[static_cast<std::size_t>(to_index(Board::pop_lsb(b)))] =
            letters[static_cast<std::size_t>(c)][static_cast<std::size_t>(t)];
      }
    }
  }
  const auto write_count = [](int empty, char* at) {
    if constexpr (Board::files >= 10) {
      if (empty == 10) {
        *at++ = '1';
        empty = 0;
      }
    }
    *at++ = static_cast<char>('0' + empty);
    return at;
  };
  for (int rank = ranks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < Board::files; ++file) {
      const char ch = board[static_cast<std::size_t>(rank * Board::files + file)];
      if (ch == 0) {
        ++empty;
        continue;
      }
      if (empty != 0) o = write_count(empty, o);
      empty = 0;
      *o++ = ch;
    }
    if (empty != 0) o = write_count(empty, o);
    if (rank != 0) *o++ = '/';
  }
  return o;
}

}  // namespace fenbatch::core::detail
