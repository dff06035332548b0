// Legality of a decoded 10x8 record (TENBYEIGHT.md, "Legality, in this order"): core's
// validate() (core/src/validate.cpp) on ten files, with the Capablanca-family material rule
// and the archbishop and chancellor as leapers when they stand a knight's move from the king.

#include <algorithm>

#include "en_passant.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

constexpr int max_pieces = 20;
constexpr int max_pawns = 10;

int excess(bitboard pieces, int start) noexcept {
  return std::max(0, popcount(pieces) - start);
}

// Pieces beyond a starting set must be paid for by missing pawns. The archbishop and
// chancellor count against the cheaper of two sets: one of each (Capablanca, Gothic, Embassy)
// or two archbishops and no chancellor (Janus).
bool too_much_material(const position& pos, color c) noexcept {
  const bitboard bishops = pos.pieces(c, piece_type::bishop);
  const bitboard archbishops = pos.pieces(c, piece_type::archbishop);
  const bitboard chancellors = pos.pieces(c, piece_type::chancellor);
  const int promoted = excess(pos.pieces(c, piece_type::queen), 1) +
                       excess(pos.pieces(c, piece_type::rook), 2) +
                       excess(pos.pieces(c, piece_type::knight), 2) +
                       excess(bishops & light_squares, 1) + excess(bishops & dark_squares, 1) +
                       std::min(excess(archbishops, 1) + excess(chancellors, 1),
                                excess(archbishops, 2) + popcount(chancellors));
  return promoted > max_pawns - popcount(pos.pieces(c, piece_type::pawn));
}

// The rights python-chess clean_castling_rights() keeps, on ten files: own rooks on the back
// rank, the king there, and the outermost rook on each side of it.
bitboard clean_castling_rights(const position& pos) noexcept {
  bitboard clean = 0;
  for (const color c : {color::white, color::black}) {
    const bitboard back = rank_bb(back_rank(c));
    const bitboard king = pos.pieces(c, piece_type::king) & back;
    if (king == 0) continue;
    const bitboard rights = pos.castling_rooks & pos.pieces(c, piece_type::rook) & back;
    const bitboard a_side = rights & (king - 1);
    const bitboard j_side = rights & ~(king | (king - 1));
    if (a_side != 0) clean |= square_bb(lsb(a_side));
    if (j_side != 0) clean |= square_bb(msb(j_side));
  }
  return clean;
}

// The target is on the side to move's 6th rank (3rd for black), empty, with the pushed enemy
// pawn in front of it and the square that pawn came from empty.
bool valid_ep_square(const position& pos) noexcept {
  const square ep = pos.ep_square;
  const color us = pos.side_to_move;
  if (rank_of(ep) != (us == color::white ? 5 : 2)) return false;
  const bitboard pushed = square_bb(detail::step_forward(~us, ep));
  const bitboard origin = square_bb(detail::step_forward(us, ep));
  return (pos.pieces(~us, piece_type::pawn) & pushed) != 0 &&
         (pos.occupied() & (square_bb(ep) | origin)) == 0;
}

// Checks that no legal last move can have given (core's rule; a leaping checker is a pawn, a
// knight, or an archbishop or chancellor a knight's move from the king).
bool impossible_check(const position& pos, bitboard checkers) noexcept {
  const color us = pos.side_to_move;
  const square king = pos.king_square(us);
  const int count = popcount(checkers);
  if (count > 2) return true;
  const bitboard leapers =
      pos.pieces(piece_type::pawn) | pos.pieces(piece_type::knight) | pos.pieces(piece_type::king) |
      ((pos.pieces(piece_type::archbishop) | pos.pieces(piece_type::chancellor)) &
       knight_attacks(king));
  if (popcount(checkers & leapers) > 1) return true;
  if (pos.ep_square != no_square) {
    // The last move was the double push to pushed_to: either that pawn gives the only check,
    // or the check came from a line the pawn uncovered.
    const square pushed_to = detail::step_forward(~us, pos.ep_square);
    const square pushed_from = detail::step_forward(us, pos.ep_square);
    const bitboard before = (pos.occupied() & ~square_bb(pushed_to)) | square_bb(pushed_from);
    return count > 1 || (msb(checkers) != pushed_to && attackers(pos, king, ~us, before) != 0);
  }
  return count == 2 && (line_through(lsb(checkers), msb(checkers)) & square_bb(king)) != 0;
}

}  // namespace

fen_status validate(record& rec, const decode_options& options) noexcept {
  position& pos = rec.pos;
  const auto board_error = [&rec](fen_errc e) { return fen_status{e, rec.placement_column}; };

  for (const color c : {color::white, color::black}) {
    const bitboard kings = pos.pieces(c, piece_type::king);
    if (kings == 0) return board_error(fen_errc::missing_king);
    if (more_than_one(kings)) return board_error(fen_errc::too_many_kings);
  }
  if ((pos.pieces(piece_type::pawn) & (rank_bb(0) | rank_bb(rank_count - 1))) != 0) {
    return board_error(fen_errc::pawn_on_back_rank);
  }
  for (const color c : {color::white, color::black}) {
    if (popcount(pos.pieces(c)) > max_pieces) return board_error(fen_errc::too_many_pieces);
    if (popcount(pos.pieces(c, piece_type::pawn)) > max_pawns) {
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
  if (attackers(pos, pos.king_square(~us), us, occupied) != 0) {
    return {fen_errc::opposite_check, rec.side_column};
  }
  const bitboard checking = attackers(pos, pos.king_square(us), ~us, occupied);
  if (checking != 0 && impossible_check(pos, checking)) {
    return board_error(fen_errc::impossible_check);
  }
  rec.in_check = checking != 0;

  // Counters that no game can have produced are kept but noted, as on 8x8.
  const std::uint64_t plies = 2ULL * (pos.fullmove_number - 1) + (us == color::black ? 1 : 0);
  if ((pos.ep_square != no_square && pos.halfmove_clock != 0) || pos.halfmove_clock > plies) {
    rec.notes |= static_cast<std::uint8_t>(record_note::counters_inconsistent);
  }

  rec.pseudo_legal_ep = false;
  rec.legal_ep = no_square;
  if (pos.ep_square != no_square) {
    const bitboard capturers = detail::ep_capturers(pos);
    rec.pseudo_legal_ep = capturers != 0;
    if (detail::has_legal_ep_capture(pos, capturers)) rec.legal_ep = pos.ep_square;
  }
  return {};
}

}  // namespace fenbatch::core::ten_by_eight
