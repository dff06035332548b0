// Codecs for written files: the output, the rejects, duplicates and counts files.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fenbatch::pipeline {

enum class compression : std::uint8_t {
  automatic,  // by the destination's name: .zst, .gz, .xz, .bz2; else none
  none,
  zstd,
  gzip,
  xz,
  bzip2,
};

[[nodiscard]] std::string_view to_string(compression c) noexcept;
[[nodiscard]] std::optional<compression> parse_compression(std::string_view text) noexcept;
// "auto|none|zstd|gzip|xz|bzip2", for help and errors.
[[nodiscard]] std::string compression_choices();
// The codec a name asks for (.zst, .gz, .xz, .bz2); none for any other name and for "-".
[[nodiscard]] compression compression_for_name(std::string_view path) noexcept;
// The name without the codec's suffix that compression_for_name reads, if it has one:
// "games.epd" for "games.epd.zst".
[[nodiscard]] std::string_view without_compression_suffix(std::string_view path) noexcept;
// ".zst .gz .xz .bz2", for help.
[[nodiscard]] std::string compression_suffix_list();

}  // namespace fenbatch::pipeline
