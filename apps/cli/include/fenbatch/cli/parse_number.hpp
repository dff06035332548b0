// Numbers on the command lines of both programs, read one strict way: decimal digits only (no
// sign, no spaces, no "0x"), nothing that overflows 64 bits, the size suffix included. std::stoull
// accepted "-1" (wrapping it to 2^64-1), " 1M" and "99999999999999G"; these parsers refuse them,
// and each program reports the refusal as a usage error in its own words.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace fenbatch::cli {

// A count: decimal digits, no larger than `limit`.
[[nodiscard]] std::optional<std::uint64_t> parse_count(
    std::string_view text,
    std::uint64_t limit = std::numeric_limits<std::uint64_t>::max()) noexcept;

// A size in bytes: a count, optionally followed by K, M or G (either case; binary multiples, as
// head -c reads them).
[[nodiscard]] std::optional<std::uint64_t> parse_size(std::string_view text) noexcept;

// Why a count or size was refused, so that a message can say it ("negative", not just
// "invalid"). The same texts are accepted as by parse_count and parse_size.
enum class number_error : std::uint8_t {
  none,
  empty,
  negative,      // "-1", "-1K"
  not_a_number,  // "abc", "+1", " 1", "1.5", "0x10", "12X" (and "1K" for a count)
  too_large,     // past the limit, or past 2^64 - 1 (also through the suffix)
};

struct number_reading {
  std::uint64_t value = 0;
  number_error error = number_error::none;
};

// parse_count and parse_size with the reason of a refusal; `limit` bounds the value (for a size,
// in bytes, after the suffix).
[[nodiscard]] number_reading read_count(
    std::string_view text,
    std::uint64_t limit = std::numeric_limits<std::uint64_t>::max()) noexcept;
[[nodiscard]] number_reading read_size(
    std::string_view text,
    std::uint64_t limit = std::numeric_limits<std::uint64_t>::max()) noexcept;

}  // namespace fenbatch::cli
