// Which compression a file's first bytes show (its magic bytes, not its name: a pipe has none).
// Both sides ask: the input to decompress what it reads (input/decompression.hpp), the output to
// keep an input's compression when writing in place and to judge an existing side file.
#pragma once

#include <cstddef>
#include <string_view>

namespace fenbatch::pipeline::detail {

enum class compression { none, gzip, bzip2, xz, zstd };

// Bytes of an input's start that tell the formats apart (xz's magic is the longest).
inline constexpr std::size_t compression_magic_size = 6;

[[nodiscard]] compression sniff_compression(std::string_view head) noexcept;

// "gzip", "bzip2", "xz", "zstd" ("plain" for none).
[[nodiscard]] const char* compression_name(compression kind) noexcept;

}  // namespace fenbatch::pipeline::detail
