// A HyperLogLog sketch of position keys (p = 16: 65,536 one-byte registers, 64 KiB), for
// --uniqueness past its memory share and across the ranks of a distributed run. The keys are
// XXH3 hashes already: the register is the top 16 bits of the low word, the rank the leading
// zeros of its other 48 bits plus one. The estimate is Ertl's improved raw estimator ("New
// cardinality estimation algorithms for HyperLogLog sketches", 2017), unbiased from empty to
// far beyond 2^40 keys without a table of bias corrections; relative standard error about
// 1.04 / sqrt(2^16) = 0.41%. Deterministic: the same keys in any order, or split over sketches
// merged later, give the same registers and the same estimate.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

class hyperloglog {
 public:
  static constexpr unsigned index_bits = 16;
  static constexpr std::size_t register_count = std::size_t{1} << index_bits;

  hyperloglog() : registers_(register_count, 0) {}

  void add(const core::position_key& key) noexcept {
    const auto index = static_cast<std::size_t>(key.low >> (64 - index_bits));
    const std::uint64_t rest = key.low << index_bits;  // the other 48 bits, at the top
    const auto rank = static_cast<std::uint8_t>(
        rest == 0 ? 64 - index_bits + 1 : static_cast<unsigned>(__builtin_clzll(rest)) + 1);
    if (registers_[index] < rank) registers_[index] = rank;
  }
  // Register-wise maximum: the sketch of both sketches' keys together.
  void merge(std::span<const std::uint8_t> registers) noexcept;
  [[nodiscard]] std::uint64_t estimate() const;

  [[nodiscard]] const std::vector<std::uint8_t>& registers() const noexcept { return registers_; }

 private:
  std::vector<std::uint8_t> registers_;
};

// The estimate of a sketch given by its registers (register_count of them).
[[nodiscard]] std::uint64_t estimate_distinct(std::span<const std::uint8_t> registers);

}  // namespace fenbatch::pipeline::detail
