// Legality of a decoded position: the union of python-chess Board.status() and shakmaty's
// setup validation (the stricter verdict wins), Chess960-aware throughout.

#include "attack_tables.hpp"
#include "fenbatch/core/record.hpp"

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

// The rights python-chess clean_castling_rights() keeps: rooks of that colour on its back rank,
// the king on the back rank, and the outermost rook on each side of it.
bitboard clean_castling_rights(const position& pos) noexcept {
  bitboard clean = 0;
  for (const color c : {color::white, color::black}) {
    const bitboard back = rank_bb(back_rank(c));
    const bitboard king = pos.pieces(c, piece_type::king) & back;
    if (king == 0) continue;
    const bitboard rights = pos.castling_rooks & pos.pieces(c, piece_type::rook) & back;
    const bitboard a_side = rights & (king - 1);
    const bitboard h_side = rights & ~(king | (king - 1));
    if (a_side != 0) clean |= square_bb(lsb(a_side));
    if (h_side != 0) clean |= square_bb(msb(h_side));
  }
  return clean;
}

// python-chess _valid_ep_square: the target is on the side's ep rank, empty, with the pushed
// pawn in front of it and the square the pawn came from empty.
bool valid_ep_square(const position& pos) noexcept {
  const square ep = pos.ep_square;
  const color us = pos.side_to_move;
  if (rank_of(ep) != (us == color::white ? 5 : 2)) return false;
  const bitboard target = square_bb(ep);
  const bitboard pushed = forward(~us, target);  // one step back towards the pusher
  const bitboard origin = forward(us, target);
  return (pos.pieces(~us, piece_type::pawn) & pushed) != 0 && (pos.occupied() & target) == 0 &&
         (pos.occupied() & origin) == 0;
}

// Checks that no legal last move can have given (python-chess status(), which includes
// shakmaty's "two stepping checkers" rule).
bool impossible_check(const position& pos, bitboard checkers) noexcept {
  const color us = pos.side_to_move;
  const square king = pos.king_square(us);
  const int count = popcount(checkers);
  if (count > 2) return true;
  const bitboard steppers =
      pos.pieces(piece_type::pawn) | pos.pieces(piece_type::knight) | pos.pieces(piece_type::king);
  if (popcount(checkers & steppers) > 1) return true;
  if (pos.ep_square != no_square) {
    // The last move was the double push to pushed_to: either that pawn gives the only check,
    // or the check came from a line the pawn uncovered.
    const auto pushed_to = square_at(to_index(pos.ep_square) ^ 8);
    const auto pushed_from = square_at(to_index(pos.ep_square) ^ 24);
    const bitboard before = (pos.occupied() & ~square_bb(pushed_to)) | square_bb(pushed_from);
    return count > 1 || (msb(checkers) != pushed_to && attackers_of(pos, king, ~us, before) != 0);
  }
  return count == 2 && (line_bb(lsb(checkers), msb(checkers)) & square_bb(king)) != 0;
}

// Whether a capture on the en-passant square leaves the mover's king safe.
bool has_legal_ep_capture(const position& pos, bitboard capturers) noexcept {
  const color us = pos.side_to_move;
  const square king = pos.king_square(us);
  const bitboard target = square_bb(pos.ep_square);
  const bitboard captured = forward(~us, target);
  while (capturers != 0) {
    const square from = pop_lsb(capturers);
    const bitboard after = (pos.occupied() ^ square_bb(from) ^ captured) | target;
    if ((attackers_of(pos, king, ~us, after) & ~captured) == 0) return true;
  }
  return false;
}

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
  if (const bitboard clean = clean_castling_rights(pos); clean != pos.castling_rooks) {
    if (!options.repair) return board_error(fen_errc::bad_castling_rights);
    pos.castling_rooks = clean;
    rec.repairs |= repair_bit(repair_kind::castling_dropped);
  }
  if (pos.ep_square != no_square && !valid_ep_square(pos)) {
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
  if (checkers != 0 && impossible_check(pos, checkers)) {
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
    if (has_legal_ep_capture(pos, capturers)) rec.legal_ep = pos.ep_square;
  }
  return {};
}

}  // namespace fenbatch::core
