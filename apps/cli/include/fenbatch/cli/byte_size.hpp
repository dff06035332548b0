// A size in bytes that says why it was refused: --memory-limit's reading, where "not a number"
// would not help someone who typed "512MB" or "1.5G". Digits, then optionally K, M, G or T in
// either case (binary multiples: 1K = 1024), then optionally "B" or "iB" (512M, 512MB and
// 512MiB are the same size; a plain "B" after the digits is bytes). No sign, spaces or fraction.
// parse_size (parse_number.hpp) stays the stricter reading of the older size options.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace fenbatch::cli {

enum class size_error : std::uint8_t {
  none,
  empty,
  negative,        // "-1G"
  not_a_number,    // "abc", "1.5G", "+1G", " 1G", "G"
  unknown_suffix,  // "12X", "1KBB", "1P"
  too_large,       // more than 2^64 - 1 bytes
};

struct byte_size {
  std::uint64_t bytes = 0;
  size_error error = size_error::none;
};

[[nodiscard]] byte_size parse_byte_size(std::string_view text) noexcept;

// Why a size was refused, for a usage message: "negative", "unknown suffix 'X' (use K, M, G or
// T)"; `text` is what was given.
[[nodiscard]] std::string describe(size_error error, std::string_view text);

}  // namespace fenbatch::cli
