// Reading one 10x8 X-FEN/EPD line: decode (syntax), validate (legality), or both with
// parse_record. The policy (grammar, legality, canonical output) is ../shared/TENBYEIGHT.md;
// where it is silent, the 8x8 rules of record.hpp, widened to ten files. Reasons are core's
// fen_errc; options are core's decode_options.
#pragma once

#include <cstdint>
#include <string_view>

#include "fenbatch/core/basic_record.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position.hpp"

namespace fenbatch::core::ten_by_eight {

// A decoded 10x8 line; the fields mean what core::record's do (basic_record.hpp).
struct record : core::basic_record<position> {};

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
