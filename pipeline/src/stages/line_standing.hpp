// --keep max:FIELD / min:FIELD (issue 29): the standing (dedupe/ranked_standing.hpp) of one
// valid line's field, read through formats/record_fields.hpp. Out of line: only the selecting
// loops call it, once per line that reaches dedupe.
#pragma once

#include <cstdint>
#include <string_view>

#include "chunks/record_layout.hpp"
#include "dedupe/ranked_standing.hpp"

namespace fenbatch::pipeline::detail {

struct field_ref;

// `layout`: the chunk's (null: FEN lines, whose `operations` and `payload` the decoder found;
// ignored for records of a layout, whose decoder offsets are the field's).
[[nodiscard]] std::uint64_t line_standing(const field_ref& field, bool by_max,
                                          const record_layout* layout, std::string_view line,
                                          std::string_view operations, std::string_view payload);

}  // namespace fenbatch::pipeline::detail
