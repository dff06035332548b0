// Framing: bytes to lines. LF ends a line and one CR right before it is dropped (so are a CR
// and the end of the input); the last line may lack its LF. A lone CR elsewhere stays in the
// line, where the decoder rejects it. No copies: lines are views into the buffer.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fenbatch::core {

inline constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

// Length of a UTF-8 byte-order mark at the start of `input` (0 or 3). Only the first bytes of
// a whole input may be skipped this way.
constexpr std::size_t bom_length(std::string_view input) noexcept {
  return input.starts_with(utf8_bom) ? utf8_bom.size() : 0;
}

struct line_span {
  std::string_view text;  // without LF and without the CR dropped before it
  bool crlf = false;      // a CR was dropped
};

// Finds line ends 64 bytes at a time: one bit mask of the LFs in a block, then one bit per
// line, instead of a memchr call per (short) line.
class line_splitter {
 public:
  explicit line_splitter(std::string_view buffer) noexcept
      : data_(buffer.data()), size_(buffer.size()), lfs_(lf_mask(0)) {}

  // The next line, or false at the end of the buffer. A block that lies wholly inside the
  // buffer is scanned here, inline (a call per block cost about 30 instructions a line of the
  // usual 40 to 90 bytes); the last, partial one and the end are next_in_later_block's.
  bool next(line_span& line) noexcept {
    while (lfs_ == 0) {
      if (size_ - block_ < 2 * block_size) return next_in_later_block(line);
      block_ += block_size;
      lfs_ = lf_mask_of_block(data_ + block_);
    }
    const std::size_t end = block_ + static_cast<std::size_t>(std::countr_zero(lfs_));
    lfs_ &= lfs_ - 1;
    emit(end, end + 1, line);
    return true;
  }

  // Bytes not yet returned.
  [[nodiscard]] std::string_view rest() const noexcept {
    return {data_ + position_, size_ - position_};
  }

 private:
  static constexpr std::size_t block_size = 64;

  // Bit i set: an LF at data_[block + i] (only bytes inside the buffer count).
  [[nodiscard]] std::uint64_t lf_mask(std::size_t block) const noexcept;
  // The same for the block_size bytes at p, all inside the buffer.
  [[nodiscard]] static std::uint64_t lf_mask_of_block(const char* p) noexcept {
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
    for (std::size_t i = 0; i < block_size; ++i) mask |= std::uint64_t{p[i] == '\n'} << i;
    return mask;
#endif
  }
  bool next_in_later_block(line_span& line) noexcept;
  // The line from position_ to `end` (an LF, or the end of the buffer); the next starts at `after`.
  void emit(std::size_t end, std::size_t after, line_span& line) noexcept {
    std::string_view text(data_ + position_, end - position_);
    position_ = after;
    line.crlf = !text.empty() && text.back() == '\r';
    if (line.crlf) text.remove_suffix(1);
    line.text = text;
  }

  const char* data_;
  std::size_t size_;
  std::size_t position_ = 0;  // start of the next line
  std::size_t block_ = 0;     // start of the block `lfs_` describes
  std::uint64_t lfs_;         // the LFs of that block not yet returned
};

}  // namespace fenbatch::core
