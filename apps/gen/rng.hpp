// The generator's only source of randomness: xoshiro256** (Blackman and Vigna), its state
// seeded through splitmix64 as the authors advise. Never <random>, whose distributions differ
// between standard libraries: the same seed must give the same bytes on every machine.
#pragma once

#include <array>
#include <cstdint>
#include <limits>

namespace fenbatch::gen {

class rng {
 public:
  explicit rng(std::uint64_t seed) noexcept {
    for (std::uint64_t& word : state_) word = splitmix64(seed);
  }

  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, n) by multiplying the top 32 bits (Lemire, without rejection: the bias is
  // below n / 2^32, irrelevant for the small n here, and the result stays portable).
  std::uint32_t below(std::uint32_t n) noexcept {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }

  bool chance(std::uint64_t threshold) noexcept { return next() < threshold; }

 private:
  static std::uint64_t splitmix64(std::uint64_t& x) noexcept {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
    return z ^ (z >> 31);
  }
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept {
    return (x << k) | (x >> (64 - k));
  }

  std::array<std::uint64_t, 4> state_{};
};

// A probability as a threshold for rng::chance: integer comparisons in the hot loop, and exact
// IEEE arithmetic here, so every machine agrees.
constexpr std::uint64_t threshold(double p) noexcept {
  if (!(p > 0.0)) return 0;
  if (p >= 1.0) return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(p * 18446744073709551616.0);  // p * 2^64 < 2^64
}

}  // namespace fenbatch::gen
