// Fractions on the command line (--split NAME=FRACTION:FILE, --sample FRACTION), read exactly:
// a decimal ("0.1", "1", "0.125") or a percentage ("10%", "12.5%"), a digit first (".5" and
// "5." are refused), more than 0 and at most 1, at most 18 decimal places once a percentage is
// scaled. Kept as digits, never as a double: the thresholds of core/selection_hash.hpp are
// computed from them exactly.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "fenbatch/core/selection_hash.hpp"

namespace fenbatch::cli {

enum class fraction_error : std::uint8_t {
  none,
  not_a_fraction,  // "", "abc", ".5", "5.", "-0.1", "1e-3", "10 %", "%"
  zero,            // "0", "0.0", "0%"
  above_one,       // "1.01", "101%"
  too_precise,     // more than 18 decimal places (after a percentage is scaled)
};

struct fraction_reading {
  core::decimal_fraction value;
  fraction_error error = fraction_error::none;
};

[[nodiscard]] fraction_reading read_fraction(std::string_view text) noexcept;

// Why a fraction was refused, for a usage message: "must be more than 0"...
[[nodiscard]] std::string_view fraction_refusal(fraction_error error) noexcept;

// The exact sum of `fractions` (empty only if it passes 2^64 units at the finest precision).
[[nodiscard]] std::optional<core::decimal_fraction> fraction_sum(
    std::span<const core::decimal_fraction> fractions) noexcept;

// The fraction as a decimal, trailing zeros dropped: "0.15", "1", "1.1".
[[nodiscard]] std::string fraction_text(core::decimal_fraction fraction);

}  // namespace fenbatch::cli
