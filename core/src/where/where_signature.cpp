#include "where_signature.hpp"

#include <array>
#include <cstddef>

#include "fenbatch/core/ten_by_eight/material.hpp"

namespace fenbatch::core::detail {
namespace {

// The letters of the 10x8 text in order; the 8x8 text is the same without A and C.
constexpr std::string_view letters = "QACRBNP";
constexpr unsigned eight_by_eight_marker_bit = 40;  // material.hpp: material_signature
constexpr unsigned count_limit = 15;                // 4 bits a count

using side_counts = std::array<std::size_t, letters.size()>;

// One side's "K..." from `at`; false if it does not start with K.
bool read_side(std::string_view text, std::size_t& at, side_counts& counts) noexcept {
  if (at >= text.size() || text[at] != 'K') return false;
  ++at;
  for (std::size_t i = 0; i < letters.size(); ++i) {
    counts[i] = 0;
    while (at < text.size() && text[at] == letters[i]) {
      ++counts[i];
      ++at;
    }
  }
  return true;
}

std::uint64_t code_of(const std::array<side_counts, 2>& sides, bool ten_files) noexcept {
  std::uint64_t code = std::uint64_t{1} << (ten_files ? ten_by_eight::signature_marker_bit
                                                      : eight_by_eight_marker_bit);
  unsigned shift = 0;
  for (const side_counts& counts : sides) {
    for (std::size_t i = 0; i < letters.size(); ++i) {
      const bool ten_by_eight_only = letters[i] == 'A' || letters[i] == 'C';
      if (ten_by_eight_only && !ten_files) {
        if (counts[i] != 0) return 0;
        continue;
      }
      if (counts[i] > count_limit) return 0;
      code |= static_cast<std::uint64_t>(counts[i]) << shift;
      shift += 4;
    }
  }
  return code;
}

}  // namespace

std::optional<signature_codes> read_signature(std::string_view text) noexcept {
  std::array<side_counts, 2> sides{};
  std::size_t at = 0;
  if (!read_side(text, at, sides[0])) return std::nullopt;
  if (at >= text.size() || text[at] != 'v') return std::nullopt;
  ++at;
  if (!read_side(text, at, sides[1]) || at != text.size()) return std::nullopt;
  return signature_codes{code_of(sides, false), code_of(sides, true)};
}

}  // namespace fenbatch::core::detail
