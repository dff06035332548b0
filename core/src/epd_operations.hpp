// The EPD operation scanner, shared by the decoder (which validates and reads hmvc/fmvn) and
// the writer (which re-emits operations with single spaces). Grammar, after the PGN standard
// section 16.2: operation = opcode { blanks operand } [blanks] ";" ; opcode = letter
// { letter | digit | "_" } ; operand = quoted string ("..." with \" and \\ escapes, may hold
// ';' and blanks) or a run of printable bytes other than blank, ';' and '"'.
#pragma once

#include <cstdint>
#include <string_view>

#include "char_class.hpp"
#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::core::detail {

// Calls visitor.opcode(text, column), visitor.operand(text, column) for each operand and
// visitor.end_operation(column) at each ';'; each returns a fen_status, and a non-ok one stops
// the scan and is returned.
// Scans [p, end), which must start at an opcode and hold no trailing blanks; columns are
// 1-based from line_begin.
template <class Visitor>
fen_status scan_operations(const char* line_begin, const char* p, const char* end,
                           Visitor& visitor) noexcept {
  const auto column = [line_begin](const char* at) {
    return static_cast<std::uint32_t>(at - line_begin + 1);
  };
  const auto fail = [&](const char* at, fen_errc reason) {
    if (at != end) {
      const fen_errc byte = byte_error(at, end);
      if (byte != fen_errc::ok) reason = byte;
    }
    return fen_status{reason, column(at)};
  };
  while (p != end) {
    if (!is_alpha(*p)) return fail(p, fen_errc::bad_epd_operation);
    const char* const opcode_begin = p;
    while (p != end && (is_alpha(*p) || is_digit(*p) || *p == '_')) ++p;
    if (p != end && !is_blank(*p) && *p != ';') return fail(p, fen_errc::bad_epd_operation);
    const std::string_view opcode(opcode_begin, static_cast<std::size_t>(p - opcode_begin));
    if (fen_status s = visitor.opcode(opcode, column(opcode_begin)); !s.ok()) return s;
    for (;;) {
      while (p != end && is_blank(*p)) ++p;
      if (p == end) return fail(p, fen_errc::bad_epd_operation);  // no closing ';'
      if (*p == ';') {
        if (fen_status s = visitor.end_operation(column(p)); !s.ok()) return s;
        ++p;
        break;
      }
      const char* const operand_begin = p;
      if (*p == '"') {
        for (++p; p != end && *p != '"'; ++p) {
          if (*p == '\\' && end - p > 1 && (p[1] == '"' || p[1] == '\\')) {
            ++p;
          } else if (byte_error(p, end) != fen_errc::ok) {
            return fail(p, fen_errc::bad_epd_operation);
          }
        }
        if (p == end) return fail(operand_begin, fen_errc::bad_epd_operation);  // unterminated
        ++p;
        if (p != end && !is_blank(*p) && *p != ';') return fail(p, fen_errc::bad_epd_operation);
      } else {
        for (; p != end && !is_blank(*p) && *p != ';'; ++p) {
          if (*p == '"' || byte_error(p, end) != fen_errc::ok) {
            return fail(p, fen_errc::bad_epd_operation);
          }
        }
      }
      if (fen_status s = visitor.operand(
              std::string_view(operand_begin, static_cast<std::size_t>(p - operand_begin)),
              column(operand_begin));
          !s.ok()) {
        return s;
      }
    }
    while (p != end && is_blank(*p)) ++p;
  }
  return {};
}

}  // namespace fenbatch::core::detail
