#include "fenbatch/core/material.hpp"

#include <string_view>

#include "fenbatch/core/ten_by_eight/material.hpp"

namespace fenbatch::core {

std::string material_signature_text(std::uint64_t signature) {
  // A 10x8 signature (ten_by_eight/material.hpp) has its marker at bit 56 and two more letters.
  const bool ten_files = (signature >> ten_by_eight::signature_marker_bit) != 0;
  const std::string_view letters = ten_files ? "QACRBNP" : "QRBNP";
  std::string text;
  int shift = 0;
  for (int side = 0; side < 2; ++side) {
    text += side == 0 ? "K" : "vK";
    for (const char letter : letters) {
      text.append((signature >> shift) & 15, letter);
      shift += 4;
    }
  }
  return text;
}

}  // namespace fenbatch::core
