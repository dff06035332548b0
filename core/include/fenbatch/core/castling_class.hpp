// Which kind of castling rights a position holds, for statistics: none, the rights standard
// chess knows (rooks on the a and h files, the king on e), or any other (Chess960).
#pragma once

#include <cstdint>

#include "fenbatch/core/position.hpp"

namespace fenbatch::core {

enum class castling_class : std::uint8_t { none, standard, chess960 };

// Inline: the statistics classify every valid line.
[[nodiscard]] constexpr castling_class classify_castling(const position& pos) noexcept {
  if (pos.castling_rooks == 0) return castling_class::none;
  constexpr bitboard corners = 0x8100000000000081ULL;
  if ((pos.castling_rooks & ~corners) != 0) return castling_class::chess960;
  for (const color c : {color::white, color::black}) {
    if (pos.castling_rooks_of(c) != 0 && pos.king_square(c) != make_square(4, back_rank(c))) {
      return castling_class::chess960;
    }
  }
  return castling_class::standard;
}

}  // namespace fenbatch::core
