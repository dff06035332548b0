// CSV/TSV inputs (--header): whether each input's first line is its header.
#pragma once

#include <cstdint>
#include <string_view>

namespace fenbatch::pipeline {

// automatic: a header, unless the position's column is given by number and line 1's field there
// reads as a position, or --columns names the columns (docs/records.md, "Headers").
enum class header_mode : std::uint8_t { automatic, yes, no };

// The option's value for `mode`: "auto", "yes", "no".
[[nodiscard]] constexpr std::string_view to_string(header_mode mode) noexcept {
  switch (mode) {
    case header_mode::yes: return "yes";
    case header_mode::no: return "no";
    case header_mode::automatic: break;
  }
  return "auto";
}

}  // namespace fenbatch::pipeline
