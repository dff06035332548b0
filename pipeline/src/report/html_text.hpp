// Text for the HTML report: escaping and the numbers as people read them. The page is also
// well-formed XML (tests parse it so), hence the XML rules below: only the five predefined
// entities, and no character XML 1.0 forbids.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "text/utf8_sequence.hpp"

namespace fenbatch::pipeline::detail {

// Whether XML 1.0 allows this well-formed sequence as text: not the C0 controls but tab, line
// feed and carriage return, and not U+FFFE or U+FFFF. DEL and the C1 controls, which XML allows
// and HTML calls errors, are left out too.
inline bool allowed_in_page(std::string_view sequence) noexcept {
  const auto lead = static_cast<unsigned char>(sequence[0]);
  if (lead < 0x20) return lead == '\t' || lead == '\n' || lead == '\r';
  if (lead == 0x7F) return false;
  if (lead == 0xC2) return static_cast<unsigned char>(sequence[1]) >= 0xA0;  // (U+0080..9F)
  if (lead == 0xEF && static_cast<unsigned char>(sequence[1]) == 0xBF) {
    return static_cast<unsigned char>(sequence[2]) < 0xBE;  // (U+FFFE, U+FFFF)
  }
  return true;
}

// Appends `text` as HTML text or a quoted attribute's value: & < > " ' escaped, every maximal
// ill-formed subpart and every forbidden character replaced by U+FFFD. Paths may hold any bytes.
inline void append_escaped(std::string& out, std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t prefix = 0;
    const std::size_t length = utf8_sequence_length(text.substr(i), prefix);
    if (length == 0) {
      out += replacement_character;
      i += prefix;
      continue;
    }
    const std::string_view sequence = text.substr(i, length);
    i += length;
    if (!allowed_in_page(sequence)) {
      out += replacement_character;
      continue;
    }
    switch (sequence[0]) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += sequence;
    }
  }
}

[[nodiscard]] inline std::string escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_escaped(out, text);
  return out;
}

// 1234567 as "1,234,567", as the --stats summary writes counts.
[[nodiscard]] inline std::string with_commas(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// A finite number with `decimals` places, never "nan", "inf" or "-0" (std::to_chars: no
// locale, so the same bytes everywhere).
[[nodiscard]] inline std::string fixed(double value, int decimals) {
  if (!(value == value) || value > 1e18 || value < -1e18) value = 0;  // (NaN, huge, infinite)
  char buffer[64];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
  std::string text(buffer, result.ptr);
  if (text.find_first_not_of("-0.") == std::string::npos && text[0] == '-') text.erase(0, 1);
  return text;
}

// A coordinate or length for SVG: two places at most, trailing zeros dropped ("12.5", "300").
[[nodiscard]] inline std::string coordinate(double value) {
  std::string text = fixed(value, 2);
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  return text == "-0" ? "0" : text;
}

// `part` of `whole` as "60.0%"; "<0.1%" for a part too small to show; "0%" of nothing.
[[nodiscard]] inline std::string percent(std::uint64_t part, std::uint64_t whole) {
  if (whole == 0 || part == 0) return "0%";
  const double share = 100.0 * static_cast<double>(part) / static_cast<double>(whole);
  if (share < 0.05) return "<0.1%";
  return fixed(share, 1) + "%";
}

}  // namespace fenbatch::pipeline::detail
