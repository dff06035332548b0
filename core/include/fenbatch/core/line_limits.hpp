// The one rule for overlong lines, wherever a line is read, held or written back.
#pragma once

#include <cstddef>
#include <string_view>

namespace fenbatch::core {

// Longest line accepted, in bytes, without its line terminator. Longer lines are one
// `line_too_long` rejection each. 64 KiB leaves room for long EPD operation lists.
inline constexpr std::size_t max_line_length = 64 * 1024;

// What is kept of an overlong line wherever one is held or written (a streamed input's chunk,
// the rejects file): the cap plus one byte, so the kept part is still too long to accept, and
// the rejects file is the same whether the input was mapped or streamed.
inline constexpr std::size_t overlong_line_kept = max_line_length + 1;

[[nodiscard]] constexpr std::string_view overlong_line_prefix(std::string_view line) noexcept {
  return line.substr(0, overlong_line_kept);
}

}  // namespace fenbatch::core
