// Chess960 start positions by Reinhard Scharnagl's numbering (0..959), the one FIDE, lichess
// and the engines use: 0 is BBQNNRKR, 518 the standard RNBQKBNR, 959 RKRNNQBB.
#pragma once

#include <array>
#include <cstdint>

#include "fenbatch/core/position.hpp"

namespace fenbatch::core {

inline constexpr std::uint32_t chess960_start_count = 960;
inline constexpr std::uint32_t standard_start_number = 518;

// White's pieces from the a-file to the h-file; black's mirror them.
using back_rank_pieces = std::array<piece_type, 8>;

// The back rank of start position `number`. Numbers from 960 on wrap around (960 is 0 again),
// so that every number names a start position.
[[nodiscard]] back_rank_pieces chess960_back_rank(std::uint32_t number) noexcept;

// Start position `number`: pieces and pawns, white to move, every rook with its castling
// right, no en-passant square, counters 0 and 1.
[[nodiscard]] position chess960_start_position(std::uint32_t number) noexcept;

}  // namespace fenbatch::core
