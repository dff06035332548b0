// Part of an input file: the lines that start in a byte range. Two processes given adjacent
// ranges [a, b) and [b, c) of one file read every line exactly once between them, each
// finding the same line boundary at b without talking to the other.
#pragma once

#include <cstdint>
#include <string_view>

namespace fenbatch::pipeline::detail {

struct input_range {
  bool read = true;  // false: this part reads nothing of the input (nor opens it)
  std::uint64_t begin = 0;
  std::uint64_t end = UINT64_MAX;  // UINT64_MAX: to the end of the file
  [[nodiscard]] bool whole() const noexcept { return begin == 0 && end == UINT64_MAX; }
};

// Where the lines that start at or after `offset` begin: `offset` itself when it is 0 or
// follows a line feed, else just after the next line feed (the text's size if none).
[[nodiscard]] std::uint64_t line_start_at_or_after(std::string_view text,
                                                   std::uint64_t offset) noexcept;

}  // namespace fenbatch::pipeline::detail
