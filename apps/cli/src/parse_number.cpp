#include "fenbatch/cli/parse_number.hpp"

#include <charconv>
#include <system_error>

namespace fenbatch::cli {
namespace {

constexpr bool all_digits(std::string_view text) noexcept {
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return !text.empty();
}

// The multiplier of a size's last character (K, M or G in either case), else 1.
constexpr std::uint64_t suffix_multiplier(std::string_view text) noexcept {
  if (text.empty()) return 1;
  switch (text.back()) {
    case 'K':
    case 'k': return std::uint64_t{1} << 10;
    case 'M':
    case 'm': return std::uint64_t{1} << 20;
    case 'G':
    case 'g': return std::uint64_t{1} << 30;
    default: return 1;
  }
}

}  // namespace

number_reading read_count(std::string_view text, std::uint64_t limit) noexcept {
  if (text.empty()) return {0, number_error::empty};
  if (text.front() == '-') return {0, number_error::negative};
  if (!all_digits(text)) return {0, number_error::not_a_number};
  // Digits only: from_chars fails here only by overflowing 64 bits.
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || value > limit) return {0, number_error::too_large};
  return {value, number_error::none};
}

number_reading read_size(std::string_view text, std::uint64_t limit) noexcept {
  const std::uint64_t multiplier = suffix_multiplier(text);
  if (multiplier != 1) text.remove_suffix(1);
  if (text.empty() && multiplier != 1) return {0, number_error::not_a_number};  // "K"
  const number_reading count = read_count(text, limit / multiplier);
  if (count.error != number_error::none) return count;
  return {count.value * multiplier, number_error::none};
}

std::optional<std::uint64_t> parse_count(std::string_view text, std::uint64_t limit) noexcept {
  const number_reading reading = read_count(text, limit);
  if (reading.error != number_error::none) return std::nullopt;
  return reading.value;
}

std::optional<std::uint64_t> parse_size(std::string_view text) noexcept {
  const number_reading reading = read_size(text);
  if (reading.error != number_error::none) return std::nullopt;
  return reading.value;
}

}  // namespace fenbatch::cli
