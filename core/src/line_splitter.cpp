#include "fenbatch/core/line_splitter.hpp"

#include <cstring>

namespace fenbatch::core {

std::uint64_t line_splitter::lf_mask(std::size_t block) const noexcept {
  if (block >= size_) return 0;
  const char* p = data_ + block;
  const std::size_t available = size_ - block;
  // A last partial block is copied, so no byte past the buffer is ever read.
  char padded[block_size];
  if (available < block_size) {
    std::memcpy(padded, p, available);
    std::memset(padded + available, 0, block_size - available);
    p = padded;
  }
  return lf_mask_of_block(p);
}

bool line_splitter::next_in_later_block(line_span& line) noexcept {
  if (position_ == size_) return false;
  while (lfs_ == 0) {
    block_ += block_size;
    if (block_ >= size_) {  // no LF left: the rest is an unterminated last line
      block_ = size_;
      emit(size_, size_, line);
      return true;
    }
    lfs_ = lf_mask(block_);
  }
  const std::size_t end = block_ + static_cast<std::size_t>(std::countr_zero(lfs_));
  lfs_ &= lfs_ - 1;
  emit(end, end + 1, line);
  return true;
}

}  // namespace fenbatch::core
