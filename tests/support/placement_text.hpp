// The FEN placement field of a board drawn as 64 characters, a1 first (index rank * 8 + file),
// '.' for an empty square: tests build positions square by square and need the text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fenbatch::test {

inline std::string placement_text(std::string_view squares) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = squares[static_cast<std::size_t>(rank * 8 + file)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty != 0) fen += static_cast<char>('0' + empty);
      empty = 0;
      fen += c;
    }
    if (empty != 0) fen += static_cast<char>('0' + empty);
    if (rank != 0) fen += '/';
  }
  return fen;
}

}  // namespace fenbatch::test
