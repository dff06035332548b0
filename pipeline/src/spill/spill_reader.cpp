#include "spill/spill_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "fenbatch/pipeline/io_error.hpp"

namespace fenbatch::pipeline::detail {

spill_reader::spill_reader(const spill_file& file, std::uint64_t begin, std::uint64_t end,
                           std::size_t buffer_bytes)
    : file_(&file), offset_(begin), region_end_(end), buffer_bytes_(buffer_bytes) {}

void spill_reader::refill(std::size_t size) {
  if (!buffer_) {
    // Allocated at the first read: readers made ahead of their turn hold no memory.
    buffer_ = std::make_unique<char[]>(buffer_bytes_);
    next_ = end_ = buffer_.get();
  }
  const std::size_t kept = static_cast<std::size_t>(end_ - next_);
  std::memmove(buffer_.get(), next_, kept);
  const std::size_t wanted = static_cast<std::size_t>(
      std::min<std::uint64_t>(buffer_bytes_ - kept, region_end_ - offset_));
  const std::size_t got = file_->read_at(offset_, buffer_.get() + kept, wanted);
  offset_ += got;
  next_ = buffer_.get();
  end_ = buffer_.get() + kept + got;
  if (kept + got < size) throw_io_error("read temporary file", file_->directory(), EIO);
}

}  // namespace fenbatch::pipeline::detail
