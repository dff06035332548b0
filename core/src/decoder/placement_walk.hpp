// What the precise placement readers of both boards (precise_fields.cpp, ten_by_eight/
// placement.cpp) share: the byte-class table, the walk over the ranks (rank 8 first) with its
// checks at each '/' and at the field's end, and the reason for a byte that is no placement
// byte at all. How pieces and counts are read stays each board's own.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::core::decoder {

// Placement byte classes: 1..pieces.size() a piece (its index in `pieces` + 1), digit_flag | n
// the digit n (first_digit..last_digit), slash, 0 anything else.
constexpr std::array<std::uint8_t, 256> make_placement_table(std::string_view pieces,
                                                             int first_digit, int last_digit,
                                                             std::uint8_t digit_flag,
                                                             std::uint8_t slash) {
  std::array<std::uint8_t, 256> t{};
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    t[static_cast<std::uint8_t>(pieces[i])] = static_cast<std::uint8_t>(i + 1);
  }
  for (int d = first_digit; d <= last_digit; ++d) {
    t[static_cast<std::size_t>('0' + d)] = static_cast<std::uint8_t>(digit_flag | d);
  }
  t['/'] = slash;
  return t;
}

// Where the reader stands: the rank (7 = rank 8), the squares of it covered so far, and
// whether the last token was an empty-square count.
template <int Files>
struct rank_walk {
  int rank = 7;
  int file = 0;
  bool previous_was_count = false;

  // At a '/': the rank must be full and not the last one.
  [[nodiscard]] fen_errc next_rank() noexcept {
    if (file != Files) return fen_errc::rank_width;
    if (rank == 0) return fen_errc::rank_count;
    --rank;
    file = 0;
    previous_was_count = false;
    return fen_errc::ok;
  }
  // At the field's end: the last rank full, and all eight there.
  [[nodiscard]] fen_errc end() const noexcept {
    if (file != Files) return fen_errc::rank_width;
    if (rank != 0) return fen_errc::rank_count;
    return fen_errc::ok;
  }
};

// A byte that is neither a piece, a count nor '/': variant syntax, or a bad piece.
constexpr fen_errc unknown_placement_byte(char c) noexcept {
  switch (c) {
    case '[':
    case ']':
    case '~':
    case '+': return fen_errc::variant_syntax;
    default: return fen_errc::bad_piece_char;
  }
}

}  // namespace fenbatch::core::decoder
