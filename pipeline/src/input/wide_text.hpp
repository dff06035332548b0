// UTF-16 and UTF-32 inputs are refused up front: read as bytes they would be millions of
// invalid lines, when one message can say what they are and how to convert them. Compressed
// inputs are judged by their decompressed text, as plain files by their bytes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

// Bytes of an input's start that detect_wide_text() needs to judge it.
inline constexpr std::size_t wide_text_sample_size = 512;

enum class wide_encoding { none, utf16le, utf16be, utf32le, utf32be };

// The encoding a byte-order mark names (FF FE, FE FF, FF FE 00 00, 00 00 FE FF), or, in a
// sample of 32 bytes or more, zero bytes at nearly every offset but one in each group of 2
// (UTF-16) or 4 (UTF-32) while that one holds printable ASCII (its place gives the byte
// order); `none` for anything else (UTF-8 and ASCII among them).
[[nodiscard]] wide_encoding detect_wide_text(std::string_view head) noexcept;
[[nodiscard]] inline bool looks_like_wide_text(std::string_view head) noexcept {
  return detect_wide_text(head) != wide_encoding::none;
}

// "UTF-16LE" and so on (empty for none).
[[nodiscard]] std::string_view encoding_name(wide_encoding encoding) noexcept;

// Throws std::runtime_error when `head`, the start of the input `path`'s text, is wide:
// "read: PATH: input looks like UTF-16LE; convert it to UTF-8 (iconv -f UTF-16LE -t UTF-8)";
// `compression_name` (gzip, ...; empty for a plain input) says the text is the decompressed one.
void refuse_wide_text(std::string_view head, const std::string& path,
                      std::string_view compression_name = {});

}  // namespace fenbatch::pipeline::detail
