// The fast tail: everything after the placement in one pass, for the spelling nearly every
// line uses. Inline, because it runs on nearly every line and its caller (the driver in
// line_decoder.cpp, its only includer) is the one place it is needed.
#pragma once

#include <cstdint>

#include "../char_class.hpp"
#include "castling.hpp"

namespace fenbatch::core::decoder {

// Reads `digits` (1 to 9 ASCII digits, so no overflow) from p up to `stop`; false otherwise.
inline bool read_short_number(const char* p, const char* stop, std::uint32_t& value) noexcept {
  if (stop - p < 1 || stop - p > 9) return false;
  std::uint32_t v = 0;
  for (; p != stop; ++p) {
    if (!detail::is_digit(*p)) return false;
    v = v * 10 + static_cast<std::uint32_t>(*p - '0');
  }
  value = v;
  return true;
}

// The common tail after the placement in one pass, without the field-by-field machinery:
// " w KQkq - 0 1", " b - e3" (single spaces, castling as fast_castling takes it, short
// counters, no operations). Anything else returns false having changed nothing, and the
// precise parser reads the tail instead (and finds the reason and column of any problem).
// The tail is [p, e), after the placement of the line that begins at line_begin.
inline bool read_fast_tail(const char* const p, const char* const e, const char* line_begin,
                           record& rec) noexcept {
  const auto column = [line_begin](const char* at) {
    return static_cast<std::uint32_t>(at - line_begin + 1);
  };
  if (e - p < 6 || p[0] != ' ' || p[2] != ' ' || (p[1] != 'w' && p[1] != 'b')) return false;
  const char* const castling_at = p + 3;
  const char* castling_end = castling_at;
  while (castling_end != e && *castling_end != ' ') ++castling_end;
  if (castling_end == castling_at || e - castling_end < 2) return false;
  position& pos = rec.pos;
  bool plain = true;  // see record::plain_tail
  if (castling_end - castling_at != 1 || *castling_at != '-') {
    // Rights from K/Q/k/q letters alone keep the tail plain; file letters do not.
    if (const bitboard rights = outermost_rights(castling_at, castling_end, e, pos); rights != 0) {
      pos.castling_rooks = rights;
    } else if (castling_letters(castling_at, castling_end, pos) != nullptr) {
      plain = false;
    } else {
      return false;
    }
  }
  const char* const ep_at = castling_end + 1;
  const char* after_ep = ep_at + 1;
  square ep = no_square;
  if (*ep_at != '-') {
    if (*ep_at < 'a' || *ep_at > 'h' || e - ep_at < 2 || (ep_at[1] != '3' && ep_at[1] != '6')) {
      pos.castling_rooks = 0;
      return false;
    }
    ep = make_square(*ep_at - 'a', ep_at[1] - '1');
    ++after_ep;
  }
  std::uint32_t halfmove = 0;
  std::uint32_t fullmove = 1;
  std::uint8_t notes = 0;
  if (after_ep == e) {
    notes |= static_cast<std::uint8_t>(record_note::epd_form);
  } else {
    const char* const halfmove_at = after_ep + 1;
    const char* halfmove_end = halfmove_at;
    while (halfmove_end != e && *halfmove_end != ' ') ++halfmove_end;
    if (*after_ep != ' ' || halfmove_end == e ||
        !read_short_number(halfmove_at, halfmove_end, halfmove) ||
        !read_short_number(halfmove_end + 1, e, fullmove)) {
      pos.castling_rooks = 0;
      return false;
    }
    if (fullmove == 0) {
      fullmove = 1;
      notes |= static_cast<std::uint8_t>(record_note::fullmove_zero);
    }
    const auto leading_zero = [](const char* digits, const char* stop) {
      return stop - digits > 1 && *digits == '0';
    };
    plain &= !leading_zero(halfmove_at, halfmove_end) && !leading_zero(halfmove_end + 1, e);
  }
  rec.side_column = column(p + 1);
  rec.ep_column = column(ep_at);
  rec.notes |= notes;
  pos.side_to_move = p[1] == 'w' ? color::white : color::black;
  pos.ep_square = ep;
  pos.halfmove_clock = halfmove;
  pos.fullmove_number = fullmove;
  rec.plain_tail = plain;
  rec.castling_clean = true;  // (by fast_castling's resolvers, or none)
  return true;
}

}  // namespace fenbatch::core::decoder
