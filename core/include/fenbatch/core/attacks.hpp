// Attack queries on the 8x8 board (out-of-line wrappers around core's compile-time tables).
// checkers() needs a position with one king per side (one that passed validate()).
#pragma once

#include "fenbatch/core/position.hpp"

namespace fenbatch::core {

[[nodiscard]] bitboard knight_attacks(square s) noexcept;
[[nodiscard]] bitboard king_attacks(square s) noexcept;
[[nodiscard]] bitboard pawn_attacks(color c, square s) noexcept;
[[nodiscard]] bitboard bishop_attacks(square s, bitboard occupied) noexcept;
[[nodiscard]] bitboard rook_attacks(square s, bitboard occupied) noexcept;
// Pieces of colour `by` attacking s, sliders seeing through `occupied`.
[[nodiscard]] bitboard attackers(const position& pos, square s, color by,
                                 bitboard occupied) noexcept;
// Pieces giving check to the side to move.
[[nodiscard]] bitboard checkers(const position& pos) noexcept;

}  // namespace fenbatch::core
