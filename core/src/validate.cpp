// Legality of a decoded position: the union of python-chess Board.status() and shakmaty's
// setup validation (the stricter verdict wins), Chess960-aware throughout. The checks that are
// the same on 10x8 are validate_steps.hpp's, over this file's eight_by_eight_rules.

#include "attack_tables.hpp"
#include "fenbatch/core/record.hpp"
#include "validate_steps.hpp"

namespace fenbatch::core {
namespace {

using detail::attackers_of;
using detail::line_bb;
using detail::pawn_attacks;

// Promoted pieces beyond the starting set must be paid for by missing pawns (shakmaty's
// TOO_MUCH_MATERIAL; bishops count per square colour).
bool too_much_material(const position& pos, color c) noexcept {
  const bitboard bishops = pos.pieces(c, piece_type::bishop);
  // Nearly always nothing exceeds its starting count: find that without counting. (Then no
  // piece is promoted, which is fine with any pawn count; more than 8 pawns is rejected before
  // this is asked.)
  const auto beyond_one = [](bitboard b) { return (b & (b - 1)) != 0; };
  const auto beyond_two = [](bitboard b) {
    const bitboard rest = b & (b - 1);
    return (rest & (rest - 1)) != 0;
  };
  if (!beyond_one(pos.pieces(c, piece_type::queen)) &&
      !beyond_two(pos.pieces(c, piece_type::rook)) &&
      !beyond_two(pos.pieces(c, piece_type::knight)) && !beyond_one(bishops & light_squares) &&
      !beyond_one(bishops & dark_squares)) {
    return false;
  }
  const auto excess = [](int count, int start) { return count > start ? count - start : 0; };
  const int promoted = excess(popcount(pos.pieces(c, piece_type::queen)), 1) +
                       excess(popcount(pos.pieces(c, piece_type::rook)), 2) +
                       excess(popcount(pos.pieces(c, piece_type::knight)), 2) +
                       excess(popcount(bishops & light_squares), 1) +
                       excess(popcount(bishops & dark_squares), 1);
  return promoted > 8 - popcount(pos.pieces(c, piece_type::pawn));
}

// The 8x8 board for validate_steps.hpp: an anonymous type, so that the steps compile as this
// file's own static functions did (internal linkage; GCC inlines them into validate()).
struct eight_by_eight_rules : detail::eight_by_eight_board {
  static constexpr int max_pieces = 16;
  static constexpr int max_pawns = 8;
  static bool too_much_material(const position& pos, color c) noexcept {
    return core::too_much_material(pos, c);
  }
  static bitboard attackers(const position& pos, square s, color by, bitboard occupied) noexcept {
    return attackers_of(pos, s, by, occupied);
  }
  static bitboard line_through(square a, square b) noexcept { return line_bb(a, b); }
  static bitboard pawn_attacks(color c, square s) noexcept { return detail::pawn_attacks(c, s); }
  static bitboard leapers(const position& pos, square /*king*/) noexcept {
    return pos.pieces(piece_type::pawn) | pos.pieces(piece_type::knight) |
           pos.pieces(piece_type::king);
  }
  static bitboard step(color c, square s) noexcept { return forward(c, square_bb(s)); }
  // The ep square is on rank 3 or 6: the pawn stands one rank further, came from one beyond.
  static square pushed_to(color /*us*/, square ep) noexcept { return square_at(to_index(ep) ^ 8); }
  static square pushed_from(color /*us*/, square ep) noexcept {
    return square_at(to_index(ep) ^ 24);
  }
};

}  // namespace

// The checks in their order (record.hpp). Spelled out here and in ten_by_eight/validate.cpp:
// the same four calls in one validate_steps.hpp template, inlined or not, cost this hot
// function 5 more instructions a line under callgrind.
fen_status validate(record& rec, const decode_options& options) noexcept {
  if (fen_status s = detail::board_checks<eight_by_eight_rules>(rec); !s.ok()) return s;
  if (fen_status s = detail::castling_and_ep_checks<eight_by_eight_rules>(rec, options); !s.ok()) {
    return s;
  }
  if (fen_status s = detail::check_checks<eight_by_eight_rules>(rec); !s.ok()) return s;
  detail::note_counters_and_ep<eight_by_eight_rules>(rec);
  return {};
}

}  // namespace fenbatch::core
