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

fen_status validate(record& rec, const decode_options& options) noexcept {
  position& pos = rec.pos;
  const fen_status at_board{fen_errc::ok, rec.placement_column};
  const auto board_error = [&](fen_errc e) { return fen_status{e, at_board.column}; };

  for (const color c : {color::white, color::black}) {
    const bitboard kings = pos.pieces(c, piece_type::king);
    if (kings == 0) return board_error(fen_errc::missing_king);
    if (more_than_one(kings)) return board_error(fen_errc::too_many_kings);
  }
  if ((pos.pieces(piece_type::pawn) & (rank_bb(0) | rank_bb(7))) != 0) {
    return board_error(fen_errc::pawn_on_back_rank);
  }
  for (const color c : {color::white, color::black}) {
    if (popcount(pos.pieces(c)) > 16) return board_error(fen_errc::too_many_pieces);
    if (popcount(pos.pieces(c, piece_type::pawn)) > 8) {
      return board_error(fen_errc::too_many_pawns);
    }
    if (too_much_material(pos, c)) return board_error(fen_errc::too_much_material);
  }
  // Decoding resolved the letters and, in repair mode, dropped stale ones; a record built
  // another way (a generator, a test) is checked against the same rule here.
  if (rec.stale_castling_column != 0 && !options.repair) {
    return {fen_errc::bad_castling_rights, rec.stale_castling_column};
  }
  if (const bitboard clean = detail::clean_castling_rights<eight_by_eight_rules>(pos);
      clean != pos.castling_rooks) {
    if (!options.repair) return board_error(fen_errc::bad_castling_rights);
    pos.castling_rooks = clean;
    rec.repairs |= repair_bit(repair_kind::castling_dropped);
  }
  if (pos.ep_square != no_square && !detail::valid_ep_square<eight_by_eight_rules>(pos)) {
    if (!options.repair) return {fen_errc::bad_ep_square, rec.ep_column};
    pos.ep_square = no_square;
    rec.repairs |= repair_bit(repair_kind::ep_dropped);
  }

  const color us = pos.side_to_move;
  const bitboard occupied = pos.occupied();
  if (attackers_of(pos, pos.king_square(~us), us, occupied) != 0) {
    return {fen_errc::opposite_check, rec.side_column};
  }
  const bitboard checkers = attackers_of(pos, pos.king_square(us), ~us, occupied);
  if (checkers != 0 && detail::impossible_check<eight_by_eight_rules>(pos, checkers)) {
    return board_error(fen_errc::impossible_check);
  }
  rec.in_check = checkers != 0;

  // Counters that no game can have produced are kept (no reference rejects them) but noted:
  // a double push just happened yet the clock is not 0, or more reversible plies than plies.
  const std::uint64_t plies = 2ULL * (pos.fullmove_number - 1) + (us == color::black ? 1 : 0);
  if ((pos.ep_square != no_square && pos.halfmove_clock != 0) || pos.halfmove_clock > plies) {
    rec.notes |= static_cast<std::uint8_t>(record_note::counters_inconsistent);
  }

  rec.pseudo_legal_ep = false;
  rec.legal_ep = no_square;
  if (pos.ep_square != no_square) {
    const bitboard capturers = pos.pieces(us, piece_type::pawn) & pawn_attacks(~us, pos.ep_square);
    rec.pseudo_legal_ep = capturers != 0;
    if (detail::has_legal_ep_capture<eight_by_eight_rules>(pos, capturers))
      rec.legal_ep = pos.ep_square;
  }
  return {};
}

}  // namespace fenbatch::core
