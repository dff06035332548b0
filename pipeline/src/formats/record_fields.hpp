// Fields of a record named by the user (issue 29): `$NAME` in --where, `--keep max:NAME`,
// `--apply-moves NAME`, `--check-move NAME`. A name is resolved once per input layout (a CSV/TSV
// column by header name or 1-based number, a JSON key or dotted path, a .plain key, and on FEN
// lines an EPD operation or a `|`-separated payload column), then read per record.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chunks/record_layout.hpp"
#include "fenbatch/core/where_expression.hpp"

namespace fenbatch::pipeline::detail {

// One name resolved for one input's layout (opaque to its users).
struct field_ref {
  enum class where : std::uint8_t {
    column,          // CSV/TSV: `index`, 0-based
    json_path,       // JSON lines: `path`, a dotted path ("evals.0.depth")
    plain_key,       // .plain: `path`, the key
    epd_operation,   // FEN lines: the operation `path`
    payload_column,  // FEN lines: `|`-separated payload column `index`, 0-based
  };
  where kind = where::column;
  std::size_t index = 0;
  std::string path;
};

// What a record offers to field lookups. Views into the record as read; `position`,
// `operations` and `payload` are those the decoder found (empty when there are none).
struct record_view {
  std::string_view text;                  // the whole record as read, without its last LF
  const record_layout* layout = nullptr;  // null: a FEN/EPD line
  std::string_view operations;            // the position's EPD operations (FEN lines)
  std::string_view payload;               // the --payload text (FEN lines)
};

// A field's value: a number when its text reads as one (an integer or a decimal, optional
// sign, blanks around ignored), else a string; `missing` when the record has no such field.
// Members: `type` (field_value::kind::missing / number / string), `number`, `text` (the
// field's text, unquoted/unescaped, numbers too). The type --where evaluates, so that the loop
// hands read_field's values to it as they are.
using field_value = core::where_field;

// `name` as typed after '$' (or after "max:"). nullopt when no record of `layout` can have it
// (a CSV/TSV header without the name, a column number beyond the header's width); on FEN
// lines every operation name and every column number may be present, so never nullopt there.
// layout == nullptr: FEN lines.
[[nodiscard]] std::optional<field_ref> resolve_field(std::string_view name,
                                                     const record_layout* layout);

// The field's value in the record; `scratch` backs unquoted or unescaped text (so a value
// lives until the next read_field with the same scratch). What each source gives:
// - CSV/TSV column: its content (a quoted field unquoted); missing when the record has fewer
//   fields or is no CSV/TSV record.
// - JSON path: each dot-separated part a member name, or an index into an array ("evals.0");
//   a string's decoded text, a number's token, true/false as text; missing for null, an
//   object or array, a path that does not lead anywhere, or a line that is not JSON.
// - .plain key: the text after "KEY " on the record's line that starts with it (any line of a
//   multi-line record text); missing without one.
// - EPD operation: the operands of the first operation with that opcode, as written (one
//   quoted string unquoted, \" and \\ read as " and \); an operation without operands is
//   the empty string; missing without one.
// - Payload column: the payload split at '|', each part trimmed of blanks, an empty part
//   before the first '|' not counted ("| 25 | 0.5": 1 is 25, 2 is 0.5); missing past the last.
[[nodiscard]] field_value read_field(const field_ref& ref, const record_view& record,
                                     std::string& scratch);

// A CSV/TSV record's column `index` (0-based; format: csv or tsv), as read_field reads a
// resolved column: for a reader that resolved its one column once and reads it per line, without
// a record_view and the dispatch on the field's kind.
[[nodiscard]] field_value read_column_value(std::size_t index, std::string_view line,
                                            input_format format, std::string& scratch);

// Throws config_error when a name of `names` cannot be in any record of `layout` (a CSV/TSV
// header without it; resolve_field's nullopt), naming `file` and the field: a usage error
// before any record of the file is processed. `reader`: who reads the field, for the message
// ("--where reads $").
void require_fields(const std::vector<std::string>& names, const record_layout& layout,
                    std::string_view file, std::string_view reader = "--where reads $");

// The .plain key lookup alone: the value of the line "KEY VALUE" in a record text of lines
// (LF or CRLF), nullopt without one. For readers of .plain records.
[[nodiscard]] std::optional<std::string_view> plain_key_value(std::string_view text,
                                                              std::string_view key) noexcept;

}  // namespace fenbatch::pipeline::detail
