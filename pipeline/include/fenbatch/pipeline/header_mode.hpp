// CSV/TSV inputs (--header): whether each input's first line is its header.
#pragma once

#include <cstdint>

namespace fenbatch::pipeline {

// automatic: a header, unless the position's column is given by number and line 1's field there
// reads as a position, or --columns names the columns (docs/records.md, "Headers").
enum class header_mode : std::uint8_t { automatic, yes, no };

}  // namespace fenbatch::pipeline
