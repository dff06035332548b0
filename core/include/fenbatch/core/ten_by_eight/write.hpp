// Canonical output of a 10x8 record or position (TENBYEIGHT.md, "Canonical output"), with
// core's write_options (format, castling notation, ep policy).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core::ten_by_eight {

// 87 for the placement (80 squares, 7 slashes), castling, ep, counters, separators.
inline constexpr std::size_t max_position_size = 160;

// write_record, write_position, to_canonical and max_written_size on this board: as core's
// (fenbatch/core/write.hpp), widened to ten files.
#include "fenbatch/core/board_writer.inc"

}  // namespace fenbatch::core::ten_by_eight
