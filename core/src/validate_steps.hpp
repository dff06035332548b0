// Legality checks that are the same on every board (validate.cpp, ten_by_eight/validate.cpp),
// written once over a board's Rules, in the order validate() calls them: the board (kings,
// back-rank pawns, counts, material), castling rights and the ep square, checks, then the
// notes that never reject (inconsistent counters, pseudo-legal and legal en passant).
//
// Rules derives from a board's traits (board_traits.hpp) and adds the board's own parts:
//   max_pieces, max_pawns                      per side
//   too_much_material(pos, c)                  the board's material rule
//   attackers(pos, s, by, occupied)            pieces of `by` attacking s through `occupied`
//   line_through(a, b)                         the full line through two squares, or 0
//   pawn_attacks(c, s)                         squares a pawn of c on s attacks
//   leapers(pos, king)                         the pieces whose check no piece can block
//   step(c, s)                                 the square one rank toward c's opponent, as a
//                                              bitboard (where c's pawns move)
//   pushed_to(us, ep), pushed_from(us, ep)     the double push (by us's opponent) that made
//                                              the valid ep square
// The 8x8 Rules lives in an anonymous namespace (validate.cpp): its instantiations then have
// internal linkage and GCC inlines them into validate() as it did that file's static functions
// (callgrind: validate() executes 2 instructions a line fewer than before they were shared).
#pragma once

#include "board_traits.hpp"

namespace fenbatch::core::detail {

// The rights python-chess clean_castling_rights() keeps: own rooks on the back rank, the king
// there, and the outermost rook on each side of it.
template <class Rules>
typename Rules::bitboard clean_castling_rights(const typename Rules::position& pos) noexcept {
  using bitboard = typename Rules::bitboard;
  bitboard clean = 0;
  for (const color c : {color::white, color::black}) {
    const bitboard back = Rules::rank_bb(back_rank(c));
    const bitboard king = pos.pieces(c, Rules::piece_type::king) & back;
    if (king == 0) continue;
    const bitboard rights = pos.castling_rooks & pos.pieces(c, Rules::piece_type::rook) & back;
    const bitboard a_side = rights & (king - 1);
    const bitboard far_side = rights & ~(king | (king - 1));
    if (a_side != 0) clean |= square_bb(Rules::lsb(a_side));
    if (far_side != 0) clean |= square_bb(Rules::msb(far_side));
  }
  return clean;
}

// python-chess _valid_ep_square: the target is on the side's ep rank, empty, with the pushed
// pawn in front of it and the square the pawn came from empty.
template <class Rules>
bool valid_ep_square(const typename Rules::position& pos) noexcept {
  using bitboard = typename Rules::bitboard;
  const auto ep = pos.ep_square;
  const color us = pos.side_to_move;
  if (rank_of(ep) != (us == color::white ? 5 : 2)) return false;
  const bitboard target = square_bb(ep);
  const bitboard pushed = Rules::step(~us, ep);  // one step back towards the pusher
  const bitboard origin = Rules::step(us, ep);
  return (pos.pieces(~us, Rules::piece_type::pawn) & pushed) != 0 &&
         (pos.occupied() & target) == 0 && (pos.occupied() & origin) == 0;
}

// Checks that no legal last move can have given (python-chess status(), which includes
// shakmaty's "two stepping checkers" rule; the board says which pieces leap).
template <class Rules>
bool impossible_check(const typename Rules::position& pos,
                      typename Rules::bitboard checkers) noexcept {
  using bitboard = typename Rules::bitboard;
  const color us = pos.side_to_move;
  const auto king = pos.king_square(us);
  const int count = Rules::popcount(checkers);
  if (count > 2) return true;
  if (Rules::popcount(checkers & Rules::leapers(pos, king)) > 1) return true;
  if (pos.ep_square != Rules::no_square) {
    // The last move was the double push to pushed_to: either that pawn gives the only check,
    // or the check came from a line the pawn uncovered.
    const auto pushed_to = Rules::pushed_to(us, pos.ep_square);
    const auto pushed_from = Rules::pushed_from(us, pos.ep_square);
    const bitboard before = (pos.occupied() & ~square_bb(pushed_to)) | square_bb(pushed_from);
    return count > 1 ||
           (Rules::msb(checkers) != pushed_to && Rules::attackers(pos, king, ~us, before) != 0);
  }
  return count == 2 &&
         (Rules::line_through(Rules::lsb(checkers), Rules::msb(checkers)) & square_bb(king)) != 0;
}

// Pawns of the side to move that attack the en-passant square (which must be set).
template <class Rules>
typename Rules::bitboard ep_capturers(const typename Rules::position& pos) noexcept {
  const color us = pos.side_to_move;
  return pos.pieces(us, Rules::piece_type::pawn) & Rules::pawn_attacks(~us, pos.ep_square);
}

// Whether one of `capturers` may take en passant without leaving its own king attacked (pins
// along the rank the two pawns leave included). The ep square must be valid.
template <class Rules>
bool has_legal_ep_capture(const typename Rules::position& pos,
                          typename Rules::bitboard capturers) noexcept {
  using bitboard = typename Rules::bitboard;
  const color us = pos.side_to_move;
  const auto king = pos.king_square(us);
  const bitboard target = square_bb(pos.ep_square);
  const bitboard captured = Rules::step(~us, pos.ep_square);
  while (capturers != 0) {
    const auto from = Rules::pop_lsb(capturers);
    const bitboard after = (pos.occupied() ^ square_bb(from) ^ captured) | target;
    if ((Rules::attackers(pos, king, ~us, after) & ~captured) == 0) return true;
  }
  return false;
}

// Kings, back-rank pawns, pieces and pawns per side, material: the first check that fails,
// at the placement's column, or ok.
template <class Rules>
fen_status board_checks(const typename Rules::record& rec) noexcept {
  using bitboard = typename Rules::bitboard;
  using piece_type = typename Rules::piece_type;
  const auto& pos = rec.pos;
  const auto board_error = [&rec](fen_errc e) { return fen_status{e, rec.placement_column}; };
  for (const color c : {color::white, color::black}) {
    const bitboard kings = pos.pieces(c, piece_type::king);
    if (kings == 0) return board_error(fen_errc::missing_king);
    if (Rules::more_than_one(kings)) return board_error(fen_errc::too_many_kings);
  }
  if ((pos.pieces(piece_type::pawn) & (Rules::rank_bb(0) | Rules::rank_bb(7))) != 0) {
    return board_error(fen_errc::pawn_on_back_rank);
  }
  for (const color c : {color::white, color::black}) {
    if (Rules::popcount(pos.pieces(c)) > Rules::max_pieces) {
      return board_error(fen_errc::too_many_pieces);
    }
    if (Rules::popcount(pos.pieces(c, piece_type::pawn)) > Rules::max_pawns) {
      return board_error(fen_errc::too_many_pawns);
    }
    if (Rules::too_much_material(pos, c)) return board_error(fen_errc::too_much_material);
  }
  return {};
}

// The castling rights and the ep square, after the board's own checks: a stale castling letter
// (strict mode), rights python-chess would clean, an ep square without its double push; repair
// mode drops the rights and the square instead and notes it. Ok: go on.
template <class Rules>
fen_status castling_and_ep_checks(typename Rules::record& rec,
                                  const decode_options& options) noexcept {
  auto& pos = rec.pos;
  // Decoding resolved the letters and, in repair mode, dropped stale ones; a record built
  // another way (a generator, a test) is checked against the same rule here.
  if (rec.stale_castling_column != 0 && !options.repair) {
    return {fen_errc::bad_castling_rights, rec.stale_castling_column};
  }
  if (const auto clean = clean_castling_rights<Rules>(pos); clean != pos.castling_rooks) {
    if (!options.repair) return {fen_errc::bad_castling_rights, rec.placement_column};
    pos.castling_rooks = clean;
    rec.repairs |= repair_bit(repair_kind::castling_dropped);
  }
  if (pos.ep_square != Rules::no_square && !valid_ep_square<Rules>(pos)) {
    if (!options.repair) return {fen_errc::bad_ep_square, rec.ep_column};
    pos.ep_square = Rules::no_square;
    rec.repairs |= repair_bit(repair_kind::ep_dropped);
  }
  return {};
}

// The side not to move is not in check (touching kings included), and the side to move's
// checkers could have been given by a last move; notes whether the side to move is in check.
template <class Rules>
[[gnu::always_inline]] inline fen_status check_checks(typename Rules::record& rec) noexcept {
  using bitboard = typename Rules::bitboard;
  const auto& pos = rec.pos;
  const color us = pos.side_to_move;
  const bitboard occupied = pos.occupied();
  if (Rules::attackers(pos, pos.king_square(~us), us, occupied) != 0) {
    return {fen_errc::opposite_check, rec.side_column};
  }
  const bitboard checkers = Rules::attackers(pos, pos.king_square(us), ~us, occupied);
  if (checkers != 0 && impossible_check<Rules>(pos, checkers)) {
    return {fen_errc::impossible_check, rec.placement_column};
  }
  rec.in_check = checkers != 0;
  return {};
}

// The last, which never reject: counters that no game can have produced are kept (no
// reference rejects them) but noted (a double push just happened yet the clock is not 0, or
// more reversible plies than plies), and the ep square's capture found pseudo-legal and legal.
template <class Rules>
[[gnu::always_inline]] inline void note_counters_and_ep(typename Rules::record& rec) noexcept {
  using bitboard = typename Rules::bitboard;
  const auto& pos = rec.pos;
  const color us = pos.side_to_move;
  const std::uint64_t plies = 2ULL * (pos.fullmove_number - 1) + (us == color::black ? 1 : 0);
  if ((pos.ep_square != Rules::no_square && pos.halfmove_clock != 0) ||
      pos.halfmove_clock > plies) {
    rec.notes |= static_cast<std::uint8_t>(record_note::counters_inconsistent);
  }
  rec.pseudo_legal_ep = false;
  rec.legal_ep = Rules::no_square;
  if (pos.ep_square != Rules::no_square) {
    const bitboard capturers = ep_capturers<Rules>(pos);
    rec.pseudo_legal_ep = capturers != 0;
    if (has_legal_ep_capture<Rules>(pos, capturers)) rec.legal_ep = pos.ep_square;
  }
}

}  // namespace fenbatch::core::detail
