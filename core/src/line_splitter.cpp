#include "fenbatch/core/line_splitter.hpp"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
#if defined(__SSE2__)
  const __m128i lf = _mm_set1_epi8('\n');
  std::uint64_t mask = 0;
  for (std::size_t i = 0; i < block_size; i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const auto bits = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, lf)));
    mask |= std::uint64_t{bits} << i;
  }
  return mask;
#else
  std::uint64_t mask = 0;
  for (std::size_t i = 0; i < block_size; ++i) {
    mask |= std::uint64_t{p[i] == '\n'} << i;
  }
  return mask;
#endif
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
