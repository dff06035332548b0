// Material signatures and castling classes of 10x8 positions, for the statistics.
#pragma once

#include <cstdint>

#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/ten_by_eight/position.hpp"

namespace fenbatch::core::ten_by_eight {

// 4 bits per count, white's Q A C R B N P then black's (56 bits), and the marker bit 56, which
// also tells a 10x8 signature from an 8x8 one (whose marker is bit 40); core's
// material_signature_text writes both ("KQACRRBBNNPPPPPPPPPPvK..."). After validate() every
// count is at most 12, so 4 bits hold it.
inline constexpr unsigned signature_marker_bit = 56;

[[nodiscard]] constexpr std::uint64_t material_signature(const position& pos) noexcept {
  std::uint64_t signature = std::uint64_t{1} << signature_marker_bit;
  int shift = 0;
  for (const color c : {color::white, color::black}) {
    for (const piece_type t :
         {piece_type::queen, piece_type::archbishop, piece_type::chancellor, piece_type::rook,
          piece_type::bishop, piece_type::knight, piece_type::pawn}) {
      signature |= static_cast<std::uint64_t>(popcount(pos.pieces(c, t))) << shift;
      shift += 4;
    }
  }
  return signature;
}

// none; standard: rooks that keep a right stand in the corners with their king on the f file
// (Capablanca's own array); else chess960 (any other setup, Capablanca random chess).
[[nodiscard]] constexpr castling_class classify_castling(const position& pos) noexcept {
  if (pos.castling_rooks == 0) return castling_class::none;
  const bitboard corners = square_bb(make_square(0, 0)) | square_bb(make_square(9, 0)) |
                           square_bb(make_square(0, 7)) | square_bb(make_square(9, 7));
  if ((pos.castling_rooks & ~corners) != 0) return castling_class::chess960;
  for (const color c : {color::white, color::black}) {
    if (pos.castling_rooks_of(c) != 0 && pos.king_square(c) != make_square(5, back_rank(c))) {
      return castling_class::chess960;
    }
  }
  return castling_class::standard;
}

}  // namespace fenbatch::core::ten_by_eight
