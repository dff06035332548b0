// One unit of parallel work: a run of whole lines, what the parallel stage made of them, and
// the statistics they contribute. Chunks are recycled, so their buffers keep their capacity.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/position_key.hpp"
#include "input_reader.hpp"

namespace fenbatch::pipeline::detail {

// A growable byte buffer that, unlike std::vector<char>, does not zero what it reserves.
class text_buffer {
 public:
  void clear() noexcept { size_ = 0; }
  void reserve_more(std::size_t n) {
    if (capacity_ - size_ >= n) return;
    const std::size_t capacity = std::max(capacity_ * 2, size_ + n);
    auto grown = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_ != 0) std::memcpy(grown.get(), data_.get(), size_);
    data_ = std::move(grown);
    capacity_ = capacity;
  }
  [[nodiscard]] char* end() noexcept { return data_.get() + size_; }
  void grow_by(std::size_t n) noexcept { size_ += n; }
  [[nodiscard]] std::string_view view(std::size_t offset, std::size_t length) const noexcept {
    return {data_.get() + offset, length};
  }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }

 private:
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// Material signatures counted per chunk: a small open-addressing map (signature 0 is never
// produced, so it marks empty slots), merged into the run's totals by the ordered stage.
class material_counter {
 public:
  static constexpr std::size_t capacity = 1 << 12;
  void add(std::uint64_t signature) noexcept {
    std::size_t i = static_cast<std::size_t>((signature * 0x9E3779B97F4A7C15ULL) >> 52);
    for (;; i = (i + 1) & (capacity - 1)) {
      if (keys_[i] == signature) {
        ++counts_[i];
        return;
      }
      if (keys_[i] == 0) {
        if (used_.size() >= capacity / 2) {  // full enough: count the rest separately
          overflow_.push_back(signature);
          return;
        }
        keys_[i] = signature;
        counts_[i] = 1;
        used_.push_back(static_cast<std::uint16_t>(i));
        return;
      }
    }
  }
  template <class F>
  void for_each(F&& f) const {
    for (const std::uint16_t i : used_) f(keys_[i], std::uint64_t{counts_[i]});
    for (const std::uint64_t s : overflow_) f(s, std::uint64_t{1});
  }
  void clear() noexcept {
    for (const std::uint16_t i : used_) keys_[i] = 0;
    used_.clear();
    overflow_.clear();
  }

 private:
  std::array<std::uint64_t, capacity> keys_{};
  std::array<std::uint32_t, capacity> counts_{};
  std::vector<std::uint16_t> used_;
  std::vector<std::uint64_t> overflow_;
};

struct chunk_counts {
  std::uint64_t lines = 0;
  std::uint64_t skipped_blank = 0;
  std::uint64_t skipped_comment = 0;
  std::uint64_t valid = 0;
  std::uint64_t invalid = 0;
  std::array<std::uint64_t, core::fen_errc_count> invalid_by_reason{};
  std::array<std::uint64_t, core::repair_kind_count> repairs{};
  std::uint64_t crlf_lines = 0;
  std::uint64_t fullmove_zero = 0;
  std::uint64_t epd_records = 0;
  std::uint64_t with_operations = 0;
  std::uint64_t whitespace_normalized = 0;
  std::uint64_t counters_inconsistent = 0;
  std::uint64_t white_to_move = 0;
  std::uint64_t castling_none = 0;
  std::uint64_t castling_standard = 0;
  std::uint64_t castling_chess960 = 0;
  std::uint64_t legal_ep = 0;
  std::uint64_t in_check = 0;
  std::array<std::uint64_t, 33> piece_count{};
};

struct chunk {
  chunk_input input;

  struct valid_line {
    core::position_key key;
    std::uint32_t text_offset;
    std::uint32_t text_length;  // with the LF
  };
  struct invalid_line {
    std::uint32_t line;  // index in the chunk
    std::uint32_t column;
    core::fen_errc reason;
    std::string_view text;
  };

  text_buffer text;  // canonical lines, each with its LF
  std::vector<valid_line> valid;
  // With --dedupe: the keys of `valid` grouped by dedupe shard, in input order within a shard
  // (shard s: shard_keys[shard_begin[s]] up to shard_keys[shard_begin[s + 1]]); each valid
  // line's place in shard_keys; and, per place, the line's count once added (1: first seen).
  // The keys are copied, not indexed: the dedupe stages, often on another core, then read
  // them in order instead of gathering from `valid`.
  std::vector<core::position_key> shard_keys;
  std::vector<std::uint32_t> shard_begin;
  std::vector<std::uint32_t> shard_position;
  std::vector<std::uint32_t> occurrences;
  // With --dedupe, once the keys are added: the first occurrences' text, back to back, and the
  // indices in `valid` of the other lines.
  text_buffer kept;
  std::vector<std::uint32_t> duplicates;
  std::vector<invalid_line> invalid;
  chunk_counts counts;
  material_counter material;
};

}  // namespace fenbatch::pipeline::detail
