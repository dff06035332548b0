#include "fenbatch/cli/fraction.hpp"

#include <algorithm>
#include <cstddef>

namespace fenbatch::cli {
namespace {

[[nodiscard]] constexpr bool is_digit(char c) noexcept {
  return c >= '0' && c <= '9';
}

[[nodiscard]] constexpr std::uint64_t power_of_ten(unsigned exponent) noexcept {
  std::uint64_t value = 1;
  for (unsigned i = 0; i < exponent; ++i) value *= 10;
  return value;
}

// "digits[.digits]", split at the point; false for anything else.
bool split_decimal(std::string_view text, std::string_view& whole, std::string_view& decimals) {
  const std::size_t point = text.find('.');
  whole = text.substr(0, point);
  decimals = point == std::string_view::npos ? std::string_view() : text.substr(point + 1);
  const auto all_digits = [](std::string_view part) {
    return std::all_of(part.begin(), part.end(), is_digit);
  };
  if (whole.empty() || !all_digits(whole)) return false;
  return point == std::string_view::npos || (!decimals.empty() && all_digits(decimals));
}

}  // namespace

fraction_reading read_fraction(std::string_view text) noexcept {
  const bool percent = !text.empty() && text.back() == '%';
  if (percent) text.remove_suffix(1);
  std::string_view whole;
  std::string_view decimals;
  if (!split_decimal(text, whole, decimals)) return {{}, fraction_error::not_a_fraction};
  // Zeros that change nothing: leading ones of the whole part, trailing ones of the decimals.
  while (whole.size() > 1 && whole.front() == '0') whole.remove_prefix(1);
  while (!decimals.empty() && decimals.back() == '0') decimals.remove_suffix(1);
  // The value is at most 1 (100%): a longer whole part is above one (and would overflow).
  if (whole.size() > (percent ? 3U : 1U)) return {{}, fraction_error::above_one};
  const std::size_t places = decimals.size() + (percent ? 2U : 0U);
  if (places > core::max_fraction_decimals) return {{}, fraction_error::too_precise};
  std::uint64_t units = 0;
  for (const char c : whole) units = units * 10 + static_cast<std::uint64_t>(c - '0');
  for (const char c : decimals) units = units * 10 + static_cast<std::uint64_t>(c - '0');
  const auto decimal_places = static_cast<unsigned>(places);
  if (units == 0) return {{}, fraction_error::zero};
  if (units > power_of_ten(decimal_places)) return {{}, fraction_error::above_one};
  return {{units, decimal_places}, fraction_error::none};
}

std::string_view fraction_refusal(fraction_error error) noexcept {
  switch (error) {
    case fraction_error::none: return "";
    case fraction_error::not_a_fraction:
      return "is not a fraction: write a decimal such as 0.1 or a percentage such as 10%";
    case fraction_error::zero: return "must be more than 0";
    case fraction_error::above_one: return "must be at most 1 (100%)";
    case fraction_error::too_precise: return "has more than 18 decimal places";
  }
  return "";
}

std::optional<core::decimal_fraction> fraction_sum(
    std::span<const core::decimal_fraction> fractions) noexcept {
  unsigned places = 0;
  for (const core::decimal_fraction& f : fractions) places = std::max(places, f.decimals);
  std::uint64_t units = 0;
  for (const core::decimal_fraction& f : fractions) {
    std::uint64_t scaled = 0;
    if (__builtin_mul_overflow(f.units, power_of_ten(places - f.decimals), &scaled) ||
        __builtin_add_overflow(units, scaled, &units)) {
      return std::nullopt;
    }
  }
  return core::decimal_fraction{units, places};
}

std::string fraction_text(core::decimal_fraction fraction) {
  std::string digits = std::to_string(fraction.units);
  if (fraction.decimals == 0) return digits;
  if (digits.size() <= fraction.decimals) {
    digits.insert(0, fraction.decimals + 1 - digits.size(), '0');
  }
  std::string text = digits.substr(0, digits.size() - fraction.decimals);
  std::string tail = digits.substr(digits.size() - fraction.decimals);
  while (!tail.empty() && tail.back() == '0') tail.pop_back();
  if (!tail.empty()) text.append(".").append(tail);
  return text;
}

}  // namespace fenbatch::cli
