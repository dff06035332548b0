// Legality of a decoded position: the union of python-chess Board.status() and shakmaty's
// setup validation (the stricter verdict wins), Chess960-aware throughout. The checks that are
// the same on 10x8 are validate_steps.hpp's, over this file's eight_by_eight_rules, run one by
// one in validate_precise(). validate() first asks, by a few combined tests over both colours,
// whether any check can fail or any repair is due; nearly every line passes them, and the
// precise checks decide the others (the reason and column of the first fault, the repairs).

#include "attack_tables.hpp"
#include "fenbatch/core/material.hpp"
#include "fenbatch/core/record.hpp"
#include "validate_precise.hpp"
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

// Nonzero where b has more than one square.
constexpr bitboard more_than_one_mask(bitboard b) noexcept {
  return b & (b - 1);
}

// Each colour has one king, no pawn stands on a back rank, and no side has more pieces,
// pawns or pieces of a kind than it starts with (then no material is too much, with any pawns).
// Then the position's material_signature (material.hpp), which the statistics take from the
// record; else 0.
std::uint64_t board_plainly_legal(const position& pos) noexcept {
  const bitboard white = pos.pieces(color::white);
  const bitboard black = pos.pieces(color::black);
  const bitboard pawns = pos.pieces(piece_type::pawn);
  const bitboard kings = pos.pieces(piece_type::king);
  // The counts at once, without a branch each: a count above its limit, or a king count other
  // than 1, makes the sum 32 or more (every count is at most 64).
  const int over_limit = (popcount(white) + 15) | (popcount(black) + 15) |
                         (popcount(white & pawns) + 23) | (popcount(black & pawns) + 23) |
                         ((popcount(white & kings) ^ 1) | (popcount(black & kings) ^ 1)) << 5;
  const std::uint64_t signature = material_signature(pos);
  // Where over_limit holds, every count is at most 15, one hex digit of the signature: a queen
  // count above 1, a rook, bishop or knight count above 2 carries its digit's low three bits
  // (biased by 7 - limit) into bit 3, or has bit 3 set already. The pawn digits (at most 8,
  // tested above) are left out.
  constexpr std::uint64_t low_bits = 0x0777707777;
  constexpr std::uint64_t bias = 0x0555605556;
  constexpr std::uint64_t high_bits = 0x0888808888;
  const std::uint64_t kind_over_start = (((signature & low_bits) + bias) | signature) & high_bits;
  const bitboard bishops = pos.pieces(piece_type::bishop);
  bitboard beyond_start = pawns & (rank_bb(0) | rank_bb(7));
  for (const bitboard own : {white, black}) {
    beyond_start |= more_than_one_mask(own & bishops & light_squares) |
                    more_than_one_mask(own & bishops & dark_squares);
  }
  return over_limit < 32 && (beyond_start | kind_over_start) == 0 ? signature : 0;
}

// The castling rights are those python-chess keeps (clean_castling_rights): each an own rook
// on its back rank, with its king there, and at most one on each side of the king (then each
// is the outermost right on its side). The board has one king of each colour.
bool castling_plainly_clean(const position& pos) noexcept {
  const bitboard rights = pos.castling_rooks;
  if (rights == 0) return true;
  const bitboard rooks = pos.pieces(piece_type::rook);
  const bitboard kings = pos.pieces(piece_type::king);
  const bitboard white_back = rank_bb(0);
  const bitboard black_back = rank_bb(7);
  const bitboard own_back_rooks = (pos.pieces(color::white) & rooks & white_back) |
                                  (pos.pieces(color::black) & rooks & black_back);
  const bitboard white_king = pos.pieces(color::white) & kings & white_back;
  const bitboard black_king = pos.pieces(color::black) & kings & black_back;
  const bitboard white_rights = rights & white_back;
  const bitboard black_rights = rights & black_back;
  // (Without its king, a colour's rights all count as below it, and fail the test below.)
  const bitboard white_below = white_rights & (white_king - 1);
  const bitboard black_below = black_rights & (black_king - 1);
  const bitboard second_on_a_side =
      more_than_one_mask(white_below) | more_than_one_mask(white_rights ^ white_below) |
      more_than_one_mask(black_below) | more_than_one_mask(black_rights ^ black_below);
  const bitboard kingless =
      (white_king == 0 ? white_rights : 0) | (black_king == 0 ? black_rights : 0);
  return (rights & (~own_back_rooks | kings)) == 0 && (second_on_a_side | kingless) == 0;
}

// Sliders among `candidates` (each on a line with the king) with nothing between them and it.
bitboard unblocked(square king, bitboard candidates, bitboard occupied) noexcept {
  bitboard attackers = 0;
  while (candidates != 0) {
    const square s = pop_lsb(candidates);
    if ((detail::between_bb(king, s) & occupied) == 0) attackers |= square_bb(s);
  }
  return attackers;
}

// The pieces attacking the king of colour c: the leapers by table, the sliders on its lines
// only when nothing stands between (most kings have no enemy slider on their lines at all).
[[gnu::always_inline]] inline bitboard king_attackers(const position& pos, color c) noexcept {
  const bitboard queens = pos.pieces(piece_type::queen);
  const bitboard them = pos.pieces(~c);
  const square king = pos.king_square(c);
  const auto at = static_cast<std::size_t>(to_index(king));
  const bitboard leapers = (detail::knight_table[at] & pos.pieces(piece_type::knight)) |
                           (detail::king_table[at] & pos.pieces(piece_type::king)) |
                           (detail::pawn_attacks(c, king) & pos.pieces(piece_type::pawn));
  const bitboard sliders =
      them & (((pos.pieces(piece_type::rook) | queens) & detail::rook_lines[at]) |
              ((pos.pieces(piece_type::bishop) | queens) & detail::bishop_lines[at]));
  return (them & leapers) | (sliders != 0 ? unblocked(king, sliders, pos.occupied()) : 0);
}

// The parts of the plain path that few lines reach, out of line so that the common path
// keeps its registers: the ep square's checks and notes, the legality of a check.
[[gnu::noinline]] bool ep_square_valid(const position& pos) noexcept {
  return detail::valid_ep_square<eight_by_eight_rules>(pos);
}
[[gnu::noinline]] bool check_impossible(const position& pos, bitboard checkers) noexcept {
  return detail::impossible_check<eight_by_eight_rules>(pos, checkers);
}
[[gnu::noinline]] void note_counters_and_ep_square(record& rec) noexcept {
  detail::note_counters_and_ep<eight_by_eight_rules>(rec);
}

// validate_precise()'s verdict where it is plainly ok: no check fails and nothing is repaired;
// then sets what validate_precise() would (in_check, the notes) and the material hint. False
// (changing nothing) where one of the combined tests says a check may fail or a repair may be
// due.
[[gnu::always_inline]] inline bool plainly_valid(record& rec, bool castling_clean) noexcept {
  const position& pos = rec.pos;
  const std::uint64_t signature = board_plainly_legal(pos);
  if (signature == 0 || rec.stale_castling_column != 0 ||
      (!castling_clean && !castling_plainly_clean(pos)) ||
      (pos.ep_square != no_square && !ep_square_valid(pos))) {
    return false;
  }
  const color us = pos.side_to_move;
  const bitboard checkers = king_attackers(pos, us);
  if (king_attackers(pos, ~us) != 0 || (checkers != 0 && check_impossible(pos, checkers))) {
    return false;
  }
  rec.in_check = checkers != 0;
  rec.material_hint = signature;
  if (pos.ep_square != no_square) {
    note_counters_and_ep_square(rec);
  } else {
    detail::note_counters_and_ep<eight_by_eight_rules>(rec);  // (the counters only, here)
  }
  return true;
}

}  // namespace

namespace detail {

// The checks in their order (record.hpp), spelled out as in ten_by_eight/validate.cpp.
fen_status validate_precise(record& rec, const decode_options& options) noexcept {
  if (fen_status s = detail::board_checks<eight_by_eight_rules>(rec); !s.ok()) return s;
  if (fen_status s = detail::castling_and_ep_checks<eight_by_eight_rules>(rec, options); !s.ok()) {
    return s;
  }
  if (fen_status s = detail::check_checks<eight_by_eight_rules>(rec); !s.ok()) return s;
  detail::note_counters_and_ep<eight_by_eight_rules>(rec);
  return {};
}

}  // namespace detail

// The combined tests first; the precise checks, in their order, decide the rest.
fen_status validate(record& rec, const decode_options& options) noexcept {
  // The decoder's word that the rights are clean holds for the position it decoded only.
  const bool castling_clean = rec.castling_clean;
  rec.castling_clean = false;
  if (plainly_valid(rec, castling_clean)) return {};
  rec.material_hint = 0;  // (the precise checks may repair the position)
  return detail::validate_precise(rec, options);
}

}  // namespace fenbatch::core
