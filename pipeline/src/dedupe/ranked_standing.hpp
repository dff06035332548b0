// --keep max:FIELD / min:FIELD (issue 29): a line's value as one unsigned word whose order is
// the survivor order, so that the partitions and the owners rank a key's lines without knowing
// the field, its type or the direction: the larger standing is the better line; a missing or
// non-numeric value has standing 0, below every number (NaN cannot occur: read_field's numbers
// are finite decimals). Equal standings go to the first line.
#pragma once

#include <bit>
#include <cstdint>

namespace fenbatch::pipeline::detail {

inline constexpr std::uint64_t no_standing = 0;

// The standing of a number: its IEEE bits made to sort as unsigned words (negative numbers
// flipped whole, others with the sign bit set), negated first for min; -0 is +0.
[[nodiscard]] inline std::uint64_t standing_of(double value, bool by_max) noexcept {
  double v = by_max ? value : -value;
  if (v == 0) v = 0;  // -0 and +0 tie
  const auto bits = std::bit_cast<std::uint64_t>(v);
  const std::uint64_t sign = std::uint64_t{1} << 63;
  return (bits & sign) != 0 ? ~bits : bits | sign;
}

}  // namespace fenbatch::pipeline::detail
