// Castling on the 10x8 board as in Capablanca random chess: the king ends on the c file (a
// side) or the i file (j side), the rook beside it toward the centre (d or h), wherever the two
// started. Private to movegen.
#pragma once

#include "../move_steps.hpp"
#include "fenbatch/core/ten_by_eight/attacks.hpp"
#include "fenbatch/core/ten_by_eight/movegen.hpp"

namespace fenbatch::core::ten_by_eight::detail {

// Where the king and the rook land when castling with the rook on `rook`.
[[nodiscard]] square castling_king_target(square king, square rook) noexcept;
[[nodiscard]] square castling_rook_target(square king, square rook) noexcept;

// Appends the legal castling moves (king square -> rook square); the side to move must not be
// in check.
void add_castling_moves(const position& pos, square king, move_list& out) noexcept;

// The 10x8 parts of the move-generation steps shared with 8x8 (move_steps.hpp). Not in an
// anonymous namespace, as two files use it; the 8x8 hot path never sees it.
struct ten_by_eight_moves : core::detail::ten_by_eight_board {
  using move = ten_by_eight::move;
  using move_list = ten_by_eight::move_list;
  using move_kind = ten_by_eight::move_kind;
  static bitboard between(square a, square b) noexcept { return ten_by_eight::between(a, b); }
  static bitboard attackers(const position& pos, square s, color by, bitboard occupied) noexcept {
    return ten_by_eight::attackers(pos, s, by, occupied);
  }
  static square king_target(square king, square rook) noexcept {
    return castling_king_target(king, rook);
  }
  static square rook_target(square king, square rook) noexcept {
    return castling_rook_target(king, rook);
  }
  static void generate(const position& pos, move_list& out) noexcept {
    generate_legal_moves(pos, out);
  }
  static position after(const position& pos, move m) noexcept { return after_move(pos, m); }
};

}  // namespace fenbatch::core::ten_by_eight::detail
