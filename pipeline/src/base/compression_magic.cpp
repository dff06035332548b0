#include "base/compression_magic.hpp"

namespace fenbatch::pipeline::detail {

const char* compression_name(compression kind) noexcept {
  switch (kind) {
    case compression::gzip: return "gzip";
    case compression::bzip2: return "bzip2";
    case compression::xz: return "xz";
    case compression::zstd: return "zstd";
    case compression::none: break;
  }
  return "plain";
}

compression sniff_compression(std::string_view head) noexcept {
  const auto starts = [&](std::string_view magic) { return head.starts_with(magic); };
  if (starts("\x1F\x8B")) return compression::gzip;
  if (starts("BZh")) return compression::bzip2;
  if (starts(std::string_view("\xFD"
                              "7zXZ\x00",
                              6)))
    return compression::xz;
  if (starts("\x28\xB5\x2F\xFD")) return compression::zstd;
  // A skippable frame (RFC 8878, 3.1.2: magic 0x184D2A50 to 0x184D2A5F, little-endian) may
  // open a zstd file, as zstd -t accepts.
  if (head.size() >= 4 && (static_cast<unsigned char>(head[0]) & 0xF0) == 0x50 &&
      head.substr(1, 3) == "\x2A\x4D\x18") {
    return compression::zstd;
  }
  return compression::none;
}

}  // namespace fenbatch::pipeline::detail
