#include "uniqueness/hyperloglog.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace fenbatch::pipeline::detail {
namespace {

constexpr unsigned rank_bits = 64 - hyperloglog::index_bits;  // q in Ertl's paper

// sigma(x) = x + sum_k x^(2^k) 2^(k-1), for the registers still 0.
double sigma(double x) {
  if (x == 1.0) return INFINITY;
  double y = 1.0;
  double z = x;
  for (double previous = -1.0; z != previous;) {
    x *= x;
    previous = z;
    z += x * y;
    y += y;
  }
  return z;
}

// tau(x) = (1 - x - sum_k (1 - x^(2^-k))^2 2^-k) / 3, for the registers at the largest rank.
double tau(double x) {
  if (x == 0.0 || x == 1.0) return 0.0;
  double y = 1.0;
  double z = 1.0 - x;
  for (double previous = -1.0; z != previous;) {
    x = std::sqrt(x);
    previous = z;
    y *= 0.5;
    z -= (1.0 - x) * (1.0 - x) * y;
  }
  return z / 3.0;
}

}  // namespace

void hyperloglog::merge(std::span<const std::uint8_t> registers) noexcept {
  const std::size_t n = std::min(registers.size(), registers_.size());
  for (std::size_t i = 0; i < n; ++i) registers_[i] = std::max(registers_[i], registers[i]);
}

std::uint64_t hyperloglog::estimate() const {
  return estimate_distinct(registers_);
}

std::uint64_t estimate_distinct(std::span<const std::uint8_t> registers) {
  std::array<std::uint64_t, rank_bits + 2> histogram{};
  for (const std::uint8_t r : registers) ++histogram[std::min<std::size_t>(r, rank_bits + 1)];
  const auto m = static_cast<double>(registers.size());
  if (histogram[0] == registers.size()) return 0;
  double z = m * tau(1.0 - static_cast<double>(histogram[rank_bits + 1]) / m);
  for (unsigned k = rank_bits; k >= 1; --k) z = 0.5 * (z + static_cast<double>(histogram[k]));
  z += m * sigma(static_cast<double>(histogram[0]) / m);
  const double alpha_infinity = 0.5 / std::log(2.0);
  return static_cast<std::uint64_t>(std::llround(alpha_infinity * m * m / z));
}

}  // namespace fenbatch::pipeline::detail
