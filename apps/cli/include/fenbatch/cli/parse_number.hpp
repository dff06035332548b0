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

}  // namespace fenbatch::cli
