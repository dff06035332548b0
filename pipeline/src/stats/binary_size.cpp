#include "fenbatch/pipeline/binary_size.hpp"

#include <array>
#include <cstdio>

namespace fenbatch::pipeline {

std::string binary_size(std::uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  constexpr std::array units{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  std::size_t unit = 0;
  std::uint64_t scale = 1024;
  while (unit + 1 < units.size() && bytes / scale >= 1024) {
    scale *= 1024;
    ++unit;
  }
  std::array<char, 32> text{};
  if (bytes % scale == 0) {
    std::snprintf(text.data(), text.size(), "%llu %s",
                  static_cast<unsigned long long>(bytes / scale), units[unit]);
  } else {
    std::snprintf(text.data(), text.size(), "%.1f %s",
                  static_cast<double>(bytes) / static_cast<double>(scale), units[unit]);
  }
  return text.data();
}

}  // namespace fenbatch::pipeline
