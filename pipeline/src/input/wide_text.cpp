#include "input/wide_text.hpp"

#include <array>

namespace fenbatch::pipeline::detail {

bool looks_like_wide_text(std::string_view head) noexcept {
  if (head.starts_with("\xFF\xFE") || head.starts_with("\xFE\xFF") ||
      head.starts_with(std::string_view("\0\0\xFE\xFF", 4))) {
    return true;
  }
  if (head.size() < 32) return false;
  for (const std::size_t width : {std::size_t{2}, std::size_t{4}}) {
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
      if (wide) return true;
    }
  }
  return false;
}

}  // namespace fenbatch::pipeline::detail
