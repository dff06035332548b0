// Where --max-bytes stops the reading: whole lines only, the same lines however the input is
// read (mapped, read, piped, decompressed). The line that holds the limit's last byte is read
// to its end; the lines after it are not. A line still without its end a line's length past its
// start (too long to accept whatever follows: core/line_limits.hpp) ends the reading there, so
// an endless input with no line end (/dev/zero) still stops.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "fenbatch/core/line_limits.hpp"

namespace fenbatch::pipeline::detail {

// Bytes of a line, from its start, past which reading for a limit stops: enough to prove it
// overlong even when its last byte is a CR (the streamed reader's cut keeps as much).
inline constexpr std::uint64_t limit_line_reach = core::overlong_line_kept + 1;

// For text held whole (a mapping): where reading stops when `limit` bytes of `text` may be read.
[[nodiscard]] inline std::uint64_t limited_end(std::string_view text,
                                               std::uint64_t limit) noexcept {
  if (limit >= text.size()) return text.size();
  if (limit == 0) return 0;
  // The line holding byte limit - 1 starts after the last LF before it, looked for as far
  // back as a line may reach.
  const std::uint64_t from = limit > limit_line_reach ? limit - limit_line_reach : 0;
  const std::string_view before = text.substr(from, limit - from);
  const std::size_t lf = before.rfind('\n');
  if (lf == before.size() - 1) return limit;                    // the limit ends a line
  if (lf == std::string_view::npos && from != 0) return limit;  // a line already past reach
  const std::uint64_t line_start = lf == std::string_view::npos ? 0 : from + lf + 1;
  const std::uint64_t reach = std::min<std::uint64_t>(line_start + limit_line_reach, text.size());
  const void* end = std::memchr(text.data() + limit, '\n', reach - limit);
  return end == nullptr
             ? reach
             : static_cast<std::uint64_t>(static_cast<const char*>(end) - text.data()) + 1;
}

// The same rule for a stream, applied to its bytes as they are read.
class stream_limit {
 public:
  // `bytes`: the limit; UINT64_MAX for none.
  explicit stream_limit(std::uint64_t bytes = UINT64_MAX) noexcept : before_(bytes) {}

  // How many bytes the next read may ask for, at most `want`; 0 once the reading is over.
  [[nodiscard]] std::size_t allowance(std::size_t want) const noexcept {
    if (done_) return 0;
    if (before_ != 0) return static_cast<std::size_t>(std::min<std::uint64_t>(want, before_));
    return static_cast<std::size_t>(std::min<std::uint64_t>(want, limit_line_reach - line_));
  }

  // `got` bytes just read into `data` (no more than allowance() said): how many of them are
  // read; those after are past the stop and dropped.
  std::size_t take(const char* data, std::size_t got) noexcept {
    if (before_ == UINT64_MAX || got == 0) return got;
    if (before_ != 0) {
      before_ -= got;
      const void* lf = memrchr(data, '\n', got);
      line_ = lf == nullptr
                  ? line_ + got
                  : static_cast<std::uint64_t>(data + got - static_cast<const char*>(lf)) - 1;
      done_ = before_ == 0 && (line_ == 0 || line_ >= limit_line_reach);
      return got;
    }
    const void* lf = std::memchr(data, '\n', got);
    if (lf != nullptr) {
      done_ = true;
      return static_cast<std::size_t>(static_cast<const char*>(lf) - data) + 1;
    }
    line_ += got;
    done_ = line_ >= limit_line_reach;
    return got;
  }

 private:
  std::uint64_t before_;    // bytes still to read before the limit
  std::uint64_t line_ = 0;  // bytes of the current line read so far
  bool done_ = false;
};

}  // namespace fenbatch::pipeline::detail
