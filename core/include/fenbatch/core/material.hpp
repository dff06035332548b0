// Material signatures: how many queens, rooks, bishops, knights and pawns each side has, as a
// compact code for counting ("KQRBNPPvKRNPP" as text). Kings are implied: one a side.
#pragma once

#include <cstdint>
#include <string>

#include "fenbatch/core/position.hpp"

namespace fenbatch::core {

// 4 bits per count, white's five then black's, and a marker bit so that no code is 0 (two bare
// kings are "KvK"). Only for validated positions: at most 16 pieces a side, one of them its
// king, so every count fits in 4 bits. Inline: the statistics compute one per valid line.
[[nodiscard]] constexpr std::uint64_t material_signature(const position& pos) noexcept {
  std::uint64_t signature = std::uint64_t{1} << 40;
  int shift = 0;
  for (const color c : {color::white, color::black}) {
    for (const piece_type t : {piece_type::queen, piece_type::rook, piece_type::bishop,
                               piece_type::knight, piece_type::pawn}) {
      signature |= static_cast<std::uint64_t>(popcount(pos.pieces(c, t))) << shift;
      shift += 4;
    }
  }
  return signature;
}

// "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP" for the start position; a 10x8 signature
// (ten_by_eight/material.hpp) as "KQACRRBBNNPPPPPPPPPPvK...".
[[nodiscard]] std::string material_signature_text(std::uint64_t signature);

}  // namespace fenbatch::core
