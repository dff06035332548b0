#include "fenbatch/core/material.hpp"

namespace fenbatch::core {

std::string material_signature_text(std::uint64_t signature) {
  std::string text;
  int shift = 0;
  for (int side = 0; side < 2; ++side) {
    text += side == 0 ? "K" : "vK";
    for (const char letter : {'Q', 'R', 'B', 'N', 'P'}) {
      text.append((signature >> shift) & 15, letter);
      shift += 4;
    }
  }
  return text;
}

}  // namespace fenbatch::core
