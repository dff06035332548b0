// Reading one 10x8 X-FEN/EPD line: decode (syntax), validate (legality), or both with
// parse_record. The policy (grammar, legality, canonical output) is ../shared/TENBYEIGHT.md;
// where it is silent, the 8x8 rules of record.hpp, widened to ten files. Reasons are core's
// fen_errc; options are core's decode_options.
#pragma once

#include <cstdint>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position.hpp"

namespace fenbatch::core::ten_by_eight {

// A decoded 10x8 line; the fields mean what core::record's do.
struct record {
  position pos;
  square legal_ep = no_square;
  bool pseudo_legal_ep = false;
  bool in_check = false;
  std::uint8_t repairs = 0;  // repair_bit(repair_kind) flags
  std::uint8_t notes = 0;    // record_note flags
  std::uint32_t operations_begin = 0;
  std::uint32_t operations_end = 0;
  std::uint32_t payload_begin = 0;
  std::uint32_t payload_end = 0;
  std::uint32_t placement_column = 0;
  // Length of the placement field when its text is already canonical (no repaired count
  // runs: strict mode never accepts two counts in a row), else 0. The writer then copies it
  // instead of re-encoding 80 squares. Whoever changes `pos` after decoding must set it to 0.
  std::uint32_t placement_length = 0;
  std::uint32_t side_column = 0;
  std::uint32_t ep_column = 0;
  std::uint32_t stale_castling_column = 0;

  [[nodiscard]] constexpr bool has(record_note n) const noexcept {
    return (notes & static_cast<std::uint8_t>(n)) != 0;
  }
  [[nodiscard]] constexpr bool repaired(repair_kind k) const noexcept {
    return (repairs & repair_bit(k)) != 0;
  }
  [[nodiscard]] std::string_view operations(std::string_view line) const noexcept {
    return line.substr(operations_begin, operations_end - operations_begin);
  }
  [[nodiscard]] std::string_view payload(std::string_view line) const noexcept {
    return line.substr(payload_begin, payload_end - payload_begin);
  }
};

// The router: true when the line's placement field starts with a rank covering ten squares
// (digit tokens 1..9 and 10, one square per letter, up to the first '/' or blank), so that the
// 10x8 reader, not the 8x8 one, owns the line's verdict. Leading blanks are skipped. Cheap; the
// pipeline calls it only for lines the 8x8 reader rejected.
[[nodiscard]] bool has_ten_files(std::string_view line) noexcept;

// Syntax only: fields, placement, castling letters resolved to rooks, counters, EPD operations.
// `line` excludes the line terminator.
[[nodiscard]] fen_status decode(std::string_view line, const decode_options& options,
                                record& out) noexcept;

// Legality of a decoded record; fills legal_ep, pseudo_legal_ep and in_check.
[[nodiscard]] fen_status validate(record& rec, const decode_options& options) noexcept;

// decode, then validate.
[[nodiscard]] fen_status parse_record(std::string_view line, const decode_options& options,
                                      record& out) noexcept;

}  // namespace fenbatch::core::ten_by_eight
