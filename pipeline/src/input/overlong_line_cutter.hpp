// core/line_limits.hpp's overlong-line rule, applied where a line is streamed: a line with no
// LF yet and already longer than a line may be is cut to a prefix that keeps it rejectable,
// and the rest of it, up to its LF, is dropped as it arrives instead of being held in memory
// (a multi-gigabyte line with no LF must not cost gigabytes). The dropped bytes are still
// counted, so text offsets and statistics match those of the same file mapped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fenbatch/core/line_limits.hpp"

namespace fenbatch::pipeline::detail {

class overlong_line_cutter {
 public:
  // Bytes kept of a cut line: one more than core::overlong_line_kept. A last kept byte that is
  // a CR would be taken, before the synthetic LF, as the line's CRLF ending and dropped by line
  // splitting; the stand-in that prevents that lands on this extra byte, past what the rejects
  // file keeps, so the line is still too long and the rejects file shows the real bytes either
  // way, the same as for the file mapped.
  static constexpr std::size_t kept_bytes = core::overlong_line_kept + 1;

  // Bytes of a cut line dropped so far and not yet accounted to a chunk.
  struct dropped_bytes {
    std::uint64_t tail = 0;        // skipped before the chunk's data (the rest of a cut line)
    std::uint64_t after_kept = 0;  // read with a kept prefix and cut after it, in the chunk
    std::uint64_t crlf_lines = 0;  // cut lines whose dropped tail ended in CRLF
    [[nodiscard]] bool empty() const noexcept { return tail == 0 && after_kept == 0; }
  };

  // `buffer` holds the start of one line with no LF yet, after `bom` bytes of byte-order mark.
  // If the line is longer than a line may be, cuts it to kept_bytes and a synthetic LF (not in
  // the input: its own LF is dropped with the tail) and returns true; the rest of the line is
  // then skipped by skip_tail().
  bool cut(std::vector<char>& buffer, std::size_t bom);

  // True while the rest of a cut line is still to be dropped.
  [[nodiscard]] bool skipping() const noexcept { return skipping_; }
  // Drops from the front of `buffer` the bytes of the cut line, up to and including its LF
  // (all of `buffer` when it holds none).
  void skip_tail(std::vector<char>& buffer);

  // What was dropped since the last call, for the chunk about to be handed out.
  dropped_bytes take_dropped() noexcept;

 private:
  bool skipping_ = false;
  char last_line_byte_ = 0;  // last byte of the cut line read so far
  dropped_bytes dropped_;
};

}  // namespace fenbatch::pipeline::detail
