// A material signature written in a --where expression ("KRPvKR"), read into the codes the
// statistics count (core::material_signature, ten_by_eight::material_signature), so that
// `signature == "KRPvKR"` compares two integers per line instead of building text.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace fenbatch::core::detail {

// The code of the same text on each board; 0 where no position of that board has it (A or C
// on 8x8, or a count past 15, which the 4-bit fields cannot hold and validation never allows).
struct signature_codes {
  std::uint64_t eight_by_eight = 0;
  std::uint64_t ten_by_eight = 0;
};

// nullopt unless `text` is K, the letters Q A C R B N P in that order (each any number of
// times), v, K, the same: the form material_signature_text writes.
[[nodiscard]] std::optional<signature_codes> read_signature(std::string_view text) noexcept;

}  // namespace fenbatch::core::detail
