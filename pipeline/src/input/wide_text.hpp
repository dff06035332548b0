// UTF-16 and UTF-32 inputs are refused up front: read as bytes they would be millions of
// invalid lines, when one message can say what they are and how to convert them.
#pragma once

#include <cstddef>
#include <string_view>

namespace fenbatch::pipeline::detail {

// Bytes of an input's start that looks_like_wide_text() needs to judge it.
inline constexpr std::size_t wide_text_sample_size = 512;

// A byte-order mark (FF FE, FE FF, 00 00 FE FF), or, in a sample of 32 bytes or more, zero
// bytes at nearly every offset but one in each group of 2 (UTF-16) or 4 (UTF-32) while that
// one holds printable ASCII.
[[nodiscard]] bool looks_like_wide_text(std::string_view head) noexcept;

}  // namespace fenbatch::pipeline::detail
