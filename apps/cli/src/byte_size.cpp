#include "fenbatch/cli/byte_size.hpp"

#include <charconv>
#include <limits>
#include <optional>
#include <system_error>

namespace fenbatch::cli {
namespace {

constexpr bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
constexpr char upper(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

std::string_view digits_of(std::string_view text) {
  std::size_t n = 0;
  while (n < text.size() && is_digit(text[n])) ++n;
  return text.substr(0, n);
}

// The multiplier a suffix stands for ("", "K", "MiB", "gb", "B"), or nothing.
std::optional<std::uint64_t> multiplier_of(std::string_view suffix) {
  std::uint64_t multiplier = 1;
  if (!suffix.empty()) {
    const std::string_view letters = "KMGT";
    if (const std::size_t power = letters.find(upper(suffix.front()));
        power != std::string_view::npos) {
      multiplier = std::uint64_t{1} << (10 * (power + 1));
      suffix.remove_prefix(1);
      if (suffix.size() == 2 && upper(suffix[0]) == 'I') suffix.remove_prefix(1);  // "iB"
    }
  }
  if (suffix.empty() || (suffix.size() == 1 && upper(suffix[0]) == 'B')) return multiplier;
  return std::nullopt;
}

}  // namespace

byte_size parse_byte_size(std::string_view text) noexcept {
  if (text.empty()) return {0, size_error::empty};
  if (text.front() == '-') return {0, size_error::negative};
  const std::string_view digits = digits_of(text);
  const std::string_view suffix = text.substr(digits.size());
  if (digits.empty() || suffix.find_first_of(" \t.,0123456789") != std::string_view::npos) {
    return {0, size_error::not_a_number};
  }
  const std::optional<std::uint64_t> multiplier = multiplier_of(suffix);
  if (!multiplier) return {0, size_error::unknown_suffix};
  std::uint64_t count = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), count);
  if (error != std::errc{} || count > std::numeric_limits<std::uint64_t>::max() / *multiplier) {
    return {0, size_error::too_large};
  }
  return {count * *multiplier, size_error::none};
}

std::string describe(size_error error, std::string_view text) {
  switch (error) {
    case size_error::none: return "";
    case size_error::empty: return "empty: give a size such as 512M or 4G";
    case size_error::negative: return "negative";
    case size_error::not_a_number: return "not a size: digits, then K, M, G or T";
    case size_error::unknown_suffix:
      return "unknown suffix '" + std::string(text.substr(digits_of(text).size())) +
             "': use K, M, G or T";
    case size_error::too_large: return "too large: more than 2^64 - 1 bytes";
  }
  return "";
}

}  // namespace fenbatch::cli
