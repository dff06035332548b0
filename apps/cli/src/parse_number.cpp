#include "fenbatch/cli/parse_number.hpp"

#include <charconv>
#include <system_error>

namespace fenbatch::cli {

std::optional<std::uint64_t> parse_count(std::string_view text, std::uint64_t limit) noexcept {
  // from_chars into an unsigned type takes no sign and no leading space, and reports overflow.
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value > limit) {
    return std::nullopt;
  }
  return value;
}

std::optional<std::uint64_t> parse_size(std::string_view text) noexcept {
  std::uint64_t multiplier = 1;
  if (!text.empty()) {
    switch (text.back()) {
      case 'K':
      case 'k': multiplier = std::uint64_t{1} << 10; break;
      case 'M':
      case 'm': multiplier = std::uint64_t{1} << 20; break;
      case 'G':
      case 'g': multiplier = std::uint64_t{1} << 30; break;
      default: break;
    }
    if (multiplier != 1) text.remove_suffix(1);
  }
  const std::optional<std::uint64_t> count =
      parse_count(text, std::numeric_limits<std::uint64_t>::max() / multiplier);
  if (!count) return std::nullopt;
  return *count * multiplier;
}

}  // namespace fenbatch::cli
