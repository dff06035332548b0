// What decides a position's split (--split) and whether it is in the sample (--sample): a value
// made from its dedupe key alone, so that every occurrence of a position, in any input, in any
// order, at any thread count and on any rank, is decided alike. The definition is a public
// format (docs/usage.md states it word for word) and never changes:
//   bytes = the 128-bit key as 16 bytes, key.low then key.high, each little-endian
//   v     = XXH3_64bits_withSeed(bytes, 16, seed) >> 11        (0 <= v < 2^53)
// and a fraction f selects the positions with v < floor(2^53 * f), computed exactly in integers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::core {

// The values v lie in [0, selection_scale).
inline constexpr std::uint64_t selection_scale = std::uint64_t{1} << 53;

// The most decimal places a fraction may have (after a percentage is scaled): 10^18 fits 64 bits.
inline constexpr unsigned max_fraction_decimals = 18;

// units / 10^decimals, exactly (decimals <= max_fraction_decimals).
struct decimal_fraction {
  std::uint64_t units = 0;
  unsigned decimals = 0;
  friend constexpr bool operator==(const decimal_fraction&, const decimal_fraction&) = default;
};

[[nodiscard]] std::uint64_t selection_value(const position_key& key, std::uint64_t seed) noexcept;

// floor(2^53 * (f_1 + ... + f_n)): the bound below which v selects a position for the first n
// fractions together. Empty when the sum exceeds 1 or a fraction has too many decimals.
[[nodiscard]] std::optional<std::uint64_t> selection_threshold(
    std::span<const decimal_fraction> fractions) noexcept;

// Which part v falls in for cumulative `thresholds` T_1 <= ... <= T_n: the i (0-based) with
// T_i <= v < T_{i+1} (T_0 = 0), or n when v >= T_n (the rest). A scan: n is small.
[[nodiscard]] constexpr std::size_t selection_part(
    std::uint64_t v, std::span<const std::uint64_t> thresholds) noexcept {
  std::size_t part = 0;
  while (part < thresholds.size() && v >= thresholds[part]) ++part;
  return part;
}

}  // namespace fenbatch::core
