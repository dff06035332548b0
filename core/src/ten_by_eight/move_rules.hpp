// The 10x8 board's Moves for the move-generation steps both boards share (move_steps.hpp):
// its move types, attacks, castling targets, en passant and double push on ten files.
#pragma once

#include "../move_steps.hpp"
#include "castling.hpp"
#include "fenbatch/core/ten_by_eight/attacks.hpp"
#include "fenbatch/core/ten_by_eight/movegen.hpp"

namespace fenbatch::core::ten_by_eight::detail {

// The 10x8 parts of the move-generation steps shared with 8x8 (move_steps.hpp). Not in an
// anonymous namespace, as two files use it (castling.cpp, movegen.cpp); the 8x8 hot path never
// sees it.
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
  // The square one step toward the far side for colour c.
  static constexpr int forward_step(color c) noexcept {
    return c == color::white ? file_count : -file_count;
  }
  static square en_passant_victim(color us, square to) noexcept {
    return square_at(to_index(to) - forward_step(us));
  }
  static bool is_double_push(color us, square from, square to) noexcept {
    return to_index(to) - to_index(from) == 2 * forward_step(us);
  }
  static void generate(const position& pos, move_list& out) noexcept {
    generate_legal_moves(pos, out);
  }
  static position after(const position& pos, move m) noexcept { return after_move(pos, m); }
};

}  // namespace fenbatch::core::ten_by_eight::detail
