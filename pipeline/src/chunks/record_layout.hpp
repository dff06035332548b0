// Where the position is in one input's records: a CSV/TSV column (resolved from the header)
// or a JSON key. Plain FEN inputs have none.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fenbatch/pipeline/record_format.hpp"

namespace fenbatch::pipeline::detail {

struct record_layout {
  input_format format = input_format::fen;
  std::size_t column = 0;  // CSV/TSV: 0-based
  std::string key;         // JSON lines
  // CSV/TSV: each column's name, from the header or --columns (empty: a headerless file
  // without --columns; columns are then named by number only).
  std::vector<std::string> column_names;
};

}  // namespace fenbatch::pipeline::detail
