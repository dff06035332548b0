// The --where vocabulary (core/where_expression.hpp) of one valid line, for either board: only
// the values a run's expressions read are computed (legal_moves is a move generation, the rest
// a few instructions each). Header-only, so that the process stage's --where loop inlines it.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "fenbatch/core/board_kind.hpp"
#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/movegen.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/where_expression.hpp"

namespace fenbatch::pipeline::detail {

// The weights of the material (pawns) and simple_eval (Stockfish's), in the order of
// each board's material signature nibbles: 8x8 Q R B N P; 10x8 Q A C R B N P.
struct piece_weights {
  std::array<std::int64_t, 7> material;
  std::array<std::int64_t, 7> simple_eval;
  int kinds;  // nibbles per side
};
inline constexpr piece_weights eight_by_eight_weights{
    {9, 5, 3, 3, 1, 0, 0}, {2538, 1276, 825, 781, 208, 0, 0}, 5};
inline constexpr piece_weights ten_by_eight_weights{
    {9, 7, 8, 5, 3, 3, 1}, {2538, 1606, 2057, 1276, 825, 781, 208}, 7};

// White's weighted material minus Black's, from a material signature (4 bits per count, White's
// kinds first, then Black's).
[[nodiscard]] constexpr std::int64_t white_minus_black(std::uint64_t signature,
                                                       const std::array<std::int64_t, 7>& weight,
                                                       int kinds) noexcept {
  std::int64_t sum = 0;
  for (int k = 0; k < kinds; ++k) {
    const auto white = static_cast<std::int64_t>((signature >> (4 * k)) & 0xF);
    const auto black = static_cast<std::int64_t>((signature >> (4 * (k + kinds))) & 0xF);
    sum += weight[static_cast<std::size_t>(k)] * (white - black);
  }
  return sum;
}

// White's and Black's weighted pieces together, pawns left out (the last kind of each side;
// kings are not in the signature).
[[nodiscard]] constexpr std::int64_t both_sides_but_pawns(std::uint64_t signature,
                                                          const std::array<std::int64_t, 7>& weight,
                                                          int kinds) noexcept {
  std::int64_t sum = 0;
  for (int k = 0; k + 1 < kinds; ++k) {
    const auto white = static_cast<std::int64_t>((signature >> (4 * k)) & 0xF);
    const auto black = static_cast<std::int64_t>((signature >> (4 * (k + kinds))) & 0xF);
    sum += weight[static_cast<std::size_t>(k)] * (white + black);
  }
  return sum;
}

template <class Record>
[[nodiscard]] std::int64_t legal_move_count(const Record& rec) noexcept {
  if constexpr (std::is_same_v<Record, core::record>) {
    core::move_list moves;
    core::generate_legal_moves(rec.pos, moves);
    return static_cast<std::int64_t>(moves.size);
  } else {
    core::ten_by_eight::move_list moves;
    core::ten_by_eight::generate_legal_moves(rec.pos, moves);
    return static_cast<std::int64_t>(moves.size);
  }
}

// The line's values: those that cost a counted popcount, a move generation or a sum over the
// signature only when `needs` names them; the others always (a load each costs less than a
// test). `signature` is the line's material signature and `castling` its class, both made by
// the caller anyway.
template <class Record>
[[gnu::always_inline]] inline void fill_where_values(const Record& rec, core::where_needs needs,
                                                     std::uint64_t signature,
                                                     core::castling_class castling,
                                                     core::where_values& v) noexcept {
  constexpr bool eight = std::is_same_v<Record, core::record>;
  using core::where_name;
  const auto needed = [needs](where_name n) { return (needs & core::needs_bit(n)) != 0; };
  using core::popcount;
  using core::ten_by_eight::popcount;
  const auto& pos = rec.pos;
  if (needed(where_name::pieces)) v.pieces = popcount(pos.occupied());
  if (needed(where_name::pawns)) {
    if constexpr (eight) {
      v.pawns = popcount(pos.pieces(core::piece_type::pawn));
    } else {
      v.pawns = popcount(pos.pieces(core::ten_by_eight::piece_type::pawn));
    }
  }
  v.side = pos.side_to_move;  // (free)
  v.in_check = rec.in_check;
  if (needed(where_name::legal_moves)) v.legal_moves = legal_move_count(rec);
  if constexpr (eight) {
    v.ep = rec.legal_ep != core::no_square;
  } else {
    v.ep = rec.legal_ep != core::ten_by_eight::no_square;
  }
  v.castling = castling;
  v.halfmove = pos.halfmove_clock;
  v.fullmove = pos.fullmove_number;
  v.ply = 2 * (v.fullmove - 1) + (pos.side_to_move == core::color::black ? 1 : 0);
  constexpr piece_weights weights = eight ? eight_by_eight_weights : ten_by_eight_weights;
  if (needed(where_name::material)) {
    v.material = white_minus_black(signature, weights.material, weights.kinds);
  }
  if (needed(where_name::non_pawn_material)) {
    v.non_pawn_material = both_sides_but_pawns(signature, weights.material, weights.kinds);
  }
  if (needed(where_name::simple_eval)) {
    const std::int64_t white_view =
        white_minus_black(signature, weights.simple_eval, weights.kinds);
    v.simple_eval = pos.side_to_move == core::color::white ? white_view : -white_view;
  }
  v.signature = signature;
  v.board = eight ? core::board_kind::eight_by_eight : core::board_kind::ten_by_eight;
}

}  // namespace fenbatch::pipeline::detail
