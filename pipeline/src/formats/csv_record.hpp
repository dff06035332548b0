// One CSV (RFC 4180) or TSV record on one line: where a field lies, and the header's names.
// CSV: fields separated by ',', a field that starts with '"' is quoted and ends at the next
// lone '"' ("" inside stands for one quote), which must be followed by ',' or the end of the
// line; a quote inside an unquoted field is an ordinary byte (as Python's csv reads it). A
// quoted field still open at the end of the line (a newline inside quotes) is csv_syntax: a
// record is one line. TSV: fields separated by TAB, no quoting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::pipeline::detail {

struct delimited_dialect {
  char separator = ',';
  bool quoting = true;
};
inline constexpr delimited_dialect csv_dialect{',', true};
inline constexpr delimited_dialect tsv_dialect{'\t', false};

struct field_span {
  std::size_t begin = 0;  // the field's raw bytes in the line, quotes included
  std::size_t end = 0;
  bool quoted = false;
};

// Checks the whole record's syntax and finds field `index` (0-based): csv_syntax, or
// missing_field (column: one past the line) when the record has fewer fields.
[[nodiscard]] core::fen_status find_field(std::string_view line, delimited_dialect dialect,
                                          std::size_t index, field_span& out) noexcept;

// The content of a field: its bytes, or a quoted field's bytes between the quotes with ""
// read as one quote (into `scratch` only when there is one).
[[nodiscard]] std::string_view field_content(std::string_view line, const field_span& field,
                                             std::string& scratch);

// The 1-based column in the line of the content's byte at 0-based `offset` (content as
// field_content returns it).
[[nodiscard]] std::uint32_t content_column(std::string_view line, const field_span& field,
                                           std::size_t offset) noexcept;

// Writes `text` as the field's new content, quoted (quotes doubled) if the field was.
void append_field(std::string& out, std::string_view text, bool quoted);

// The header's field names (unquoted); empty with `error` set when the header is not a record.
[[nodiscard]] std::vector<std::string> header_names(std::string_view line,
                                                    delimited_dialect dialect,
                                                    core::fen_status& error);

}  // namespace fenbatch::pipeline::detail
