#include "fenbatch/core/selection_hash.hpp"

#include <array>
#include <cstddef>

// Inline XXH3 as position_key.cpp does: 16 bytes hash in about twenty instructions.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fenbatch::core {
namespace {

constexpr unsigned selection_bits = 53;

// Little-endian whatever the machine, as the definition says.
void put_little_endian(std::uint64_t word, unsigned char* out) noexcept {
  for (std::size_t i = 0; i < 8; ++i) out[i] = static_cast<unsigned char>(word >> (8 * i));
}

__extension__ using wide = unsigned __int128;  // __extension__ for -pedantic

[[nodiscard]] constexpr wide power_of_ten(unsigned exponent) noexcept {
  wide value = 1;
  for (unsigned i = 0; i < exponent; ++i) value *= 10;
  return value;
}

}  // namespace

std::uint64_t selection_value(const position_key& key, std::uint64_t seed) noexcept {
  std::array<unsigned char, 16> bytes{};
  put_little_endian(key.low, bytes.data());
  put_little_endian(key.high, bytes.data() + 8);
  return XXH3_64bits_withSeed(bytes.data(), bytes.size(), seed) >> (64 - selection_bits);
}

std::optional<std::uint64_t> selection_threshold(
    std::span<const decimal_fraction> fractions) noexcept {
  // Over the common denominator 10^18: every fraction's units scaled up to it (exact), summed
  // in 128 bits (n fractions of at most 10^18 each cannot overflow for any n that fits memory).
  const wide denominator = power_of_ten(max_fraction_decimals);
  wide sum = 0;
  for (const decimal_fraction& f : fractions) {
    if (f.decimals > max_fraction_decimals) return std::nullopt;
    sum += wide{f.units} * power_of_ten(max_fraction_decimals - f.decimals);
    if (sum > denominator) return std::nullopt;
  }
  // sum <= 10^18 < 2^60, so sum * 2^53 < 2^113: exact in 128 bits.
  return static_cast<std::uint64_t>((sum << selection_bits) / denominator);
}

}  // namespace fenbatch::core
