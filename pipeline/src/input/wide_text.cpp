#include "input/wide_text.hpp"

#include <array>
#include <stdexcept>

#include "fenbatch/pipeline/quoted_name.hpp"

namespace fenbatch::pipeline::detail {
namespace {

wide_encoding from_byte_order_mark(std::string_view head) noexcept {
  // UTF-32LE's mark begins with UTF-16LE's: test it first.
  if (head.starts_with(std::string_view("\xFF\xFE\0\0", 4))) return wide_encoding::utf32le;
  if (head.starts_with(std::string_view("\0\0\xFE\xFF", 4))) return wide_encoding::utf32be;
  if (head.starts_with("\xFF\xFE")) return wide_encoding::utf16le;
  if (head.starts_with("\xFE\xFF")) return wide_encoding::utf16be;
  return wide_encoding::none;
}

// Which byte of each group of `width` holds the text, the others being zeros; `width` when
// none does.
std::size_t text_byte_in_groups(std::string_view head, std::size_t width) noexcept {
  std::array<std::size_t, 4> zeros{};
  std::array<std::size_t, 4> printable{};
  for (std::size_t i = 0; i < head.size(); ++i) {
    const auto c = static_cast<unsigned char>(head[i]);
    zeros[i % width] += c == 0 ? 1 : 0;
    printable[i % width] += (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\r' || c == '\t';
  }
  const std::size_t per_offset = head.size() / width;
  for (std::size_t text = 0; text < width; ++text) {
    bool wide = printable[text] * 10 >= per_offset * 9;
    for (std::size_t other = 0; other < width && wide; ++other) {
      if (other != text) wide = zeros[other] * 10 >= per_offset * 9;
    }
    if (wide) return text;
  }
  return width;
}

}  // namespace

wide_encoding detect_wide_text(std::string_view head) noexcept {
  if (const wide_encoding marked = from_byte_order_mark(head); marked != wide_encoding::none) {
    return marked;
  }
  if (head.size() < 32) return wide_encoding::none;
  switch (text_byte_in_groups(head, 2)) {
    case 0: return wide_encoding::utf16le;
    case 1: return wide_encoding::utf16be;
    default: break;
  }
  // A code unit's low byte comes first in little-endian order, last in big-endian order.
  switch (text_byte_in_groups(head, 4)) {
    case 0: return wide_encoding::utf32le;
    case 3: return wide_encoding::utf32be;
    default: break;
  }
  return wide_encoding::none;
}

std::string_view encoding_name(wide_encoding encoding) noexcept {
  switch (encoding) {
    case wide_encoding::utf16le: return "UTF-16LE";
    case wide_encoding::utf16be: return "UTF-16BE";
    case wide_encoding::utf32le: return "UTF-32LE";
    case wide_encoding::utf32be: return "UTF-32BE";
    case wide_encoding::none: break;
  }
  return {};
}

void refuse_wide_text(std::string_view head, const std::string& path,
                      std::string_view compression_name) {
  const wide_encoding encoding = detect_wide_text(head);
  if (encoding == wide_encoding::none) return;
  const std::string name(encoding_name(encoding));
  std::string what = "read: " + quoted_name(path) + ": input looks like " + name;
  if (!compression_name.empty()) what += " once " + std::string(compression_name) + "-decompressed";
  what += "; convert it to UTF-8 (iconv -f " + name + " -t UTF-8)";
  throw std::runtime_error(what);
}

}  // namespace fenbatch::pipeline::detail
