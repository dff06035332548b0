// Material signatures counted per chunk, in the parallel stage: a small open-addressing map
// that the write stage adds to the run's table (run_stats::material).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace fenbatch::pipeline::detail {

// Signature 0 is never produced, so it marks empty slots.
class material_counter {
 public:
  static constexpr std::size_t capacity = 1 << 12;
  // Always inlined: once per valid line, and GCC stops inlining it into the plain per-line loop
  // when the process stage's unit grows (the --where loops), which cost that loop 18
  // instructions per line (bench/callgrind.sh).
  [[gnu::always_inline]] void add(std::uint64_t signature) noexcept {
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
  // Adds these counts to a run's table (run_stats::material).
  void add_to(std::unordered_map<std::uint64_t, std::uint64_t>& table) const {
    for (const std::uint16_t i : used_) table[keys_[i]] += counts_[i];
    for (const std::uint64_t s : overflow_) ++table[s];
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

}  // namespace fenbatch::pipeline::detail
