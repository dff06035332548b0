// A 10x8 position as bitboards; castling rights as the rook squares that may still castle (as
// on 8x8, so Capablanca random chess needs no special case).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "fenbatch/core/ten_by_eight/types.hpp"

namespace fenbatch::core::ten_by_eight {

// Ranks are as on 8x8: core::back_rank(c) is 0 for white, 7 for black.

struct position {
  std::array<bitboard, color_count> by_color{};
  std::array<bitboard, piece_type_count> by_type{};
  // Rook squares (on rank 1 for white, rank 8 for black) that keep a castling right.
  bitboard castling_rooks = 0;
  // The en-passant target square as given, or no_square.
  square ep_square = no_square;
  color side_to_move = color::white;
  std::uint32_t halfmove_clock = 0;
  std::uint32_t fullmove_number = 1;

  [[nodiscard]] constexpr bitboard occupied() const noexcept { return by_color[0] | by_color[1]; }
  [[nodiscard]] constexpr bitboard pieces(color c) const noexcept {
    return by_color[static_cast<std::size_t>(c)];
  }
  [[nodiscard]] constexpr bitboard pieces(piece_type t) const noexcept {
    return by_type[static_cast<std::size_t>(t)];
  }
  [[nodiscard]] constexpr bitboard pieces(color c, piece_type t) const noexcept {
    return pieces(c) & pieces(t);
  }
  [[nodiscard]] constexpr bitboard castling_rooks_of(color c) const noexcept {
    return castling_rooks & rank_bb(back_rank(c));
  }
  // The king's square; only meaningful when that side has exactly one king.
  [[nodiscard]] constexpr square king_square(color c) const noexcept {
    return lsb(pieces(c, piece_type::king));
  }

  [[nodiscard]] constexpr std::optional<piece> piece_on(square s) const noexcept {
    const bitboard b = square_bb(s);
    if ((occupied() & b) == 0) return std::nullopt;
    const color c = (by_color[0] & b) != 0 ? color::white : color::black;
    for (int t = 0; t < piece_type_count; ++t) {
      if ((by_type[static_cast<std::size_t>(t)] & b) != 0)
        return piece{c, static_cast<piece_type>(t)};
    }
    return std::nullopt;
  }

  void put(piece p, square s) noexcept {
    by_color[static_cast<std::size_t>(p.side)] |= square_bb(s);
    by_type[static_cast<std::size_t>(p.type)] |= square_bb(s);
  }
  void remove(square s) noexcept {
    const bitboard keep = ~square_bb(s);
    for (auto& b : by_color) b &= keep;
    for (auto& b : by_type) b &= keep;
  }

  friend constexpr bool operator==(const position&, const position&) noexcept = default;
};

}  // namespace fenbatch::core::ten_by_eight
