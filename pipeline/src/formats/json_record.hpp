// One JSON-lines record: the string member that holds the position, found with simdjson
// (On-Demand, every value consumed so that the whole line is validated, not just the member).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::pipeline::detail {

struct json_string_member {
  std::size_t value_begin = 0;  // the value's raw bytes in the line, quotes included
  std::size_t value_end = 0;
  // The decoded string. A view into the line (between the quotes) when it has no escapes,
  // so columns within it are exact; else a decoded copy (columns: the value's first byte).
  std::string_view text;
  bool escaped = false;
};

// The first member named `key` of the object on `line`: json_syntax (the line is not valid
// JSON), json_not_object, json_missing_key (column 1), json_not_string (column: the value).
// `scratch` backs `text` when the value has escapes. Thread-safe (a parser per thread).
[[nodiscard]] core::fen_status find_string_member(std::string_view line, std::string_view key,
                                                  json_string_member& out, std::string& scratch);

// Appends `text` as a JSON string, quotes included (", \ and control bytes escaped).
void append_json_string(std::string& out, std::string_view text);

}  // namespace fenbatch::pipeline::detail
