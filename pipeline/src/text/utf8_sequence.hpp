// UTF-8 as Unicode defines it well-formed (Table 3-7), for the text fenbatch writes from names
// and lines that may hold any bytes: the report's page, the statistics JSON, quoted names.
#pragma once

#include <cstddef>
#include <string_view>

namespace fenbatch::pipeline::detail {

// U+FFFD, for bytes that are not UTF-8 (and, in the report, characters XML forbids).
inline constexpr std::string_view replacement_character = "\xEF\xBF\xBD";

// The length of the well-formed UTF-8 sequence at the start of `text` (Unicode Table 3-7), or 0
// with `prefix` set to the length of its longest valid prefix (at least 1): one U+FFFD replaces
// each such maximal subpart, as Unicode recommends (section 3.9, "U+FFFD Substitution of
// Maximal Subparts").
inline std::size_t utf8_sequence_length(std::string_view text, std::size_t& prefix) noexcept {
  const auto byte = [&text](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  prefix = 1;
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;  // the range of the second byte
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;  // (no surrogates)
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  for (std::size_t i = 1; i < length; ++i) {
    if (i >= text.size()) return 0;
    const unsigned char b = byte(i);
    if (i == 1 ? (b < low || b > high) : (b < 0x80 || b > 0xBF)) return 0;
    prefix = i + 1;
  }
  return length;
}

}  // namespace fenbatch::pipeline::detail
