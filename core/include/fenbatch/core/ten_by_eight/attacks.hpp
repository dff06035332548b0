// Attack queries on the 10x8 board. Sliders by rays (first blocker by bit scan); the
// archbishop is bishop + knight, the chancellor rook + knight.
#pragma once

#include "fenbatch/core/ten_by_eight/position.hpp"

namespace fenbatch::core::ten_by_eight {

[[nodiscard]] bitboard knight_attacks(square s) noexcept;
[[nodiscard]] bitboard king_attacks(square s) noexcept;
// The squares a pawn of colour c on s attacks.
[[nodiscard]] bitboard pawn_attacks(color c, square s) noexcept;
[[nodiscard]] bitboard bishop_attacks(square s, bitboard occupied) noexcept;
[[nodiscard]] bitboard rook_attacks(square s, bitboard occupied) noexcept;
// Squares strictly between two squares on one line (rank, file, diagonal), else empty.
[[nodiscard]] bitboard between(square a, square b) noexcept;
// The whole line through two squares on one line (edge to edge), else empty.
[[nodiscard]] bitboard line_through(square a, square b) noexcept;
// Pieces of colour `by` attacking s, sliders seeing through `occupied`.
[[nodiscard]] bitboard attackers(const position& pos, square s, color by,
                                 bitboard occupied) noexcept;
// Pieces giving check to the side to move (one king per side).
[[nodiscard]] bitboard checkers(const position& pos) noexcept;

}  // namespace fenbatch::core::ten_by_eight
