// Canonical output of a 10x8 record or position (TENBYEIGHT.md, "Canonical output"), with
// core's write_options (format, castling notation, ep policy).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core::ten_by_eight {

// Bytes write_record may need for a record read from a line of `line_length` bytes.
constexpr std::size_t max_written_size(std::size_t line_length) noexcept {
  return 160 + line_length + line_length / 2;
}

// Writes the canonical line (no terminator) to `out`, which must hold
// max_written_size(line.size()) bytes; returns the bytes written. `line` is the text the
// record was decoded from (its EPD operations and payload are copied from there).
std::size_t write_record(const record& rec, std::string_view line, const write_options& options,
                         char* out) noexcept;

[[nodiscard]] std::string to_canonical(const record& rec, std::string_view line,
                                       const write_options& options = {});

// 87 for the placement (80 squares, 7 slashes), castling, ep, counters, separators.
inline constexpr std::size_t max_position_size = 160;

// Writes `pos` alone, as write_record writes a record of it (core's write_position, widened).
// `pos` must be one that validate() accepts.
std::size_t write_position(const position& pos, const write_options& options, char* out) noexcept;

[[nodiscard]] std::string to_canonical(const position& pos, const write_options& options = {});

}  // namespace fenbatch::core::ten_by_eight
