// Byte classes shared by the decoder and the EPD operation scanner. No <cctype>: its
// functions depend on the locale and are undefined for negative chars.
#pragma once

#include <cstdint>

#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::core::detail {

constexpr bool is_blank(char c) noexcept {
  return c == ' ' || c == '\t';
}
constexpr bool is_digit(char c) noexcept {
  return c >= '0' && c <= '9';
}
constexpr bool is_alpha(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// The byte-level reason a byte can never appear in a FEN/EPD line, or `ok` for printable
// ASCII. `p` points at the byte, `end` bounds the look-ahead for multi-byte sequences.
constexpr fen_errc byte_error(const char* p, const char* end) noexcept {
  const auto c = static_cast<std::uint8_t>(*p);
  if (c == 0x00) return fen_errc::nul_byte;
  if (c == 0x0B || c == 0x0C) return fen_errc::bad_whitespace;
  if (c < 0x20 && c != '\t') return fen_errc::control_char;
  if (c == 0x7F) return fen_errc::control_char;
  if (c < 0x80) return fen_errc::ok;
  const auto at = [&](int i) {
    return end - p > i ? static_cast<std::uint8_t>(p[i]) : std::uint8_t{0};
  };
  if (c == 0xC2 && at(1) == 0xA0) return fen_errc::bad_whitespace;  // no-break space
  if (c == 0xEF && at(1) == 0xBB && at(2) == 0xBF) return fen_errc::misplaced_bom;
  return fen_errc::non_ascii;
}

}  // namespace fenbatch::core::detail
