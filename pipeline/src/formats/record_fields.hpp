// Fields of a record named by the user (issue 29): `$NAME` in --where, `--keep max:NAME`,
// `--apply-moves NAME`, `--check-move NAME`. A name is resolved once per input layout (a CSV/TSV
// column by header name or 1-based number, a JSON key or dotted path, a .plain key, and on FEN
// lines an EPD operation or a `|`-separated payload column), then read per record.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chunks/record_layout.hpp"

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
// sign), else a string; `missing` when the record has no such field.
struct field_value {
  enum class kind : std::uint8_t { missing, number, string };
  kind type = kind::missing;
  double number = 0;
  std::string_view text;  // the field's text, unquoted/unescaped (numbers too)
};

// `name` as typed after '$' (or after "max:"). nullopt when no record of `layout` can have it
// (a CSV/TSV header without the name, a column number beyond the header's width); on FEN
// lines every operation name and every column number may be present, so never nullopt there.
// layout == nullptr: FEN lines.
[[nodiscard]] std::optional<field_ref> resolve_field(std::string_view name,
                                                     const record_layout* layout);

// The field's value in the record; `scratch` backs unquoted or unescaped text.
[[nodiscard]] field_value read_field(const field_ref& ref, const record_view& record,
                                     std::string& scratch);

}  // namespace fenbatch::pipeline::detail
