// Castling on the 10x8 board as in Capablanca random chess: the king ends on the c file (a
// side) or the i file (j side), the rook beside it toward the centre (d or h), wherever the two
// started. Private to movegen.cpp; the legal castling moves themselves are
// ../move_steps.hpp's.
#pragma once

#include "fenbatch/core/ten_by_eight/movegen.hpp"

namespace fenbatch::core::ten_by_eight::detail {

// Where the king and the rook land when castling with the rook on `rook`.
[[nodiscard]] square castling_king_target(square king, square rook) noexcept;
[[nodiscard]] square castling_rook_target(square king, square rook) noexcept;

}  // namespace fenbatch::core::ten_by_eight::detail
