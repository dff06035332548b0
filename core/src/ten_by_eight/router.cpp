// The router between the 8x8 and the 10x8 readers: the width of the placement's first rank.

#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core::ten_by_eight {

bool has_ten_files(std::string_view line) noexcept {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  int width = 0;
  for (; i < line.size() && line[i] != '/' && line[i] != ' ' && line[i] != '\t'; ++i) {
    const char c = line[i];
    if (c == '1' && i + 1 < line.size() && line[i + 1] == '0') {
      width += 10;
      ++i;
    } else if (c >= '0' && c <= '9') {
      // A '0' outside "10" covers nothing: "010" and "100" are ten squares written wrongly,
      // which the 10x8 reader names (rank_syntax), not the 8x8 one.
      width += c - '0';
    } else {
      ++width;
    }
    if (width > 10) return false;
  }
  return width == 10;
}

}  // namespace fenbatch::core::ten_by_eight
