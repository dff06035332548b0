// Reads a region of a spill_file front to back through a buffer of its own (pread: several
// readers may read one file at once, each at its own place). The records of a dedupe past
// memory are read this way in every pass; the buffer is the reader's whole memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "spill/spill_file.hpp"

namespace fenbatch::pipeline::detail {

class spill_reader {
 public:
  spill_reader() = default;
  // Bytes [begin, end) of `file` (finished writing), through `buffer_bytes` of buffer (at least
  // the largest read).
  spill_reader(const spill_file& file, std::uint64_t begin, std::uint64_t end,
               std::size_t buffer_bytes);

  // The next `size` bytes; throws an I/O error if the region ends first (a file cut short).
  [[nodiscard]] const char* read(std::size_t size) {
    if (static_cast<std::size_t>(end_ - next_) < size) refill(size);
    const char* at = next_;
    next_ += size;
    return at;
  }
  [[nodiscard]] bool at_end() const noexcept { return next_ == end_ && offset_ == region_end_; }

 private:
  void refill(std::size_t size);

  const spill_file* file_ = nullptr;
  std::uint64_t offset_ = 0;  // of the first byte not yet in the buffer
  std::uint64_t region_end_ = 0;
  std::size_t buffer_bytes_ = 0;
  std::unique_ptr<char[]> buffer_;
  const char* next_ = nullptr;
  const char* end_ = nullptr;
};

}  // namespace fenbatch::pipeline::detail
