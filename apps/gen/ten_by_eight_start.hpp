// Start positions of the 10x8 variants fenbatch-gen plays: the fixed arrays of Capablanca,
// Gothic, Embassy and Janus chess, and seeded Capablanca-random arrays.
#pragma once

#include <array>
#include <string_view>

#include "fenbatch/core/ten_by_eight/position.hpp"
#include "rng.hpp"
#include "variant.hpp"

namespace fenbatch::gen {

// A back rank from the a file to the j file in X-FEN letters (lower case).
using back_rank_array = std::array<char, 10>;

// The array of a fixed-start 10x8 variant (capablanca, gothic, embassy, janus).
[[nodiscard]] back_rank_array fixed_start_array(variant v) noexcept;

// A seeded Capablanca-random array with the constraints fenbatch-gen keeps: the bishops on
// squares of opposite colours, the queen and the archbishop on squares of opposite colours, the
// king between the two rooks. (Scharnagl's further rule that no pawn starts unprotected is not
// applied.)
[[nodiscard]] back_rank_array capablanca_random_array(rng& random) noexcept;

// The start position of an array: white's pieces on rank 1, black's mirrored on rank 8, pawns
// on ranks 2 and 7, both rooks of each side with castling rights, white to move, 0 1.
[[nodiscard]] core::ten_by_eight::position start_position(const back_rank_array& array) noexcept;

}  // namespace fenbatch::gen
