// A growable byte buffer that, unlike std::vector<char>, does not zero what it reserves: the
// canonical lines of a chunk are written straight into it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>

namespace fenbatch::pipeline::detail {

class text_buffer {
 public:
  void clear() noexcept { size_ = 0; }
  // Inline: once per written line; the growing, rare, is out of line.
  [[gnu::always_inline]] void reserve_more(std::size_t n) {
    if (capacity_ - size_ < n) grow_for(n);
  }
  [[nodiscard]] char* end() noexcept { return data_.get() + size_; }
  void grow_by(std::size_t n) noexcept { size_ += n; }
  [[nodiscard]] std::string_view view(std::size_t offset, std::size_t length) const noexcept {
    return {data_.get() + offset, length};
  }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }

 private:
  [[gnu::noinline]] void grow_for(std::size_t n) {
    // An empty buffer (a recycled chunk's first reserve) takes what is asked and an eighth
    // more: successive chunks differ by a line or so, and doubling for those few bytes gave
    // every chunk in flight buffers twice the size it used, and page faults at -j2.
    const std::size_t capacity = size_ == 0 ? n + n / 8 : std::max(capacity_ * 2, size_ + n);
    auto grown = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_ != 0) std::memcpy(grown.get(), data_.get(), size_);
    data_ = std::move(grown);
    capacity_ = capacity;
  }
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace fenbatch::pipeline::detail
