// Legal move generation on the 10x8 board: the 8x8 generator's scheme (evasions by target mask,
// pins by line, en passant played out) widened to ten files and the Capablanca pieces.
// Castling lives in castling.cpp.

#include "fenbatch/core/ten_by_eight/movegen.hpp"

#include "castling.hpp"
#include "fenbatch/core/ten_by_eight/attacks.hpp"

namespace fenbatch::core::ten_by_eight {

namespace {

// The square one step toward the far side for colour c.
constexpr int forward_step(color c) noexcept {
  return c == color::white ? file_count : -file_count;
}

constexpr bitboard forward(color c, bitboard b) noexcept {
  return c == color::white ? (b << file_count) & all_squares : b >> file_count;
}

bitboard diagonal_sliders(const position& pos, color c) noexcept {
  return pos.pieces(c) & (pos.pieces(piece_type::bishop) | pos.pieces(piece_type::queen) |
                          pos.pieces(piece_type::archbishop));
}
bitboard straight_sliders(const position& pos, color c) noexcept {
  return pos.pieces(c) & (pos.pieces(piece_type::rook) | pos.pieces(piece_type::queen) |
                          pos.pieces(piece_type::chancellor));
}

// Our pieces that alone stand between our king and an enemy slider (archbishops slide as
// bishops, chancellors as rooks).
bitboard pinned_pieces(const position& pos, color us, square king) noexcept {
  const color them = ~us;
  const bitboard snipers = (rook_attacks(king, 0) & straight_sliders(pos, them)) |
                           (bishop_attacks(king, 0) & diagonal_sliders(pos, them));
  bitboard pinned = 0;
  for (bitboard s = snipers; s != 0;) {
    const bitboard blockers = between(king, pop_lsb(s)) & pos.occupied();
    if (blockers != 0 && !more_than_one(blockers)) pinned |= blockers & pos.pieces(us);
  }
  return pinned;
}

constexpr std::array<piece_type, 6> promotion_types{piece_type::queen,      piece_type::rook,
                                                    piece_type::bishop,     piece_type::knight,
                                                    piece_type::archbishop, piece_type::chancellor};

void add_pawn_moves(square from, bitboard targets, move_list& out) noexcept {
  while (targets != 0) {
    const square to = pop_lsb(targets);
    if (rank_of(to) == 0 || rank_of(to) == rank_count - 1) {
      for (const piece_type t : promotion_types) out.push(move(from, to, move_kind::promotion, t));
    } else {
      out.push(move(from, to));
    }
  }
}

bitboard piece_attacks(piece_type type, square from, bitboard occupied) noexcept {
  switch (type) {
    case piece_type::knight: return knight_attacks(from);
    case piece_type::bishop: return bishop_attacks(from, occupied);
    case piece_type::rook: return rook_attacks(from, occupied);
    case piece_type::queen: return bishop_attacks(from, occupied) | rook_attacks(from, occupied);
    case piece_type::archbishop: return bishop_attacks(from, occupied) | knight_attacks(from);
    case piece_type::chancellor: return rook_attacks(from, occupied) | knight_attacks(from);
    case piece_type::pawn:
    case piece_type::king: break;
  }
  return 0;
}

void add_en_passant(const position& pos, square king, move_list& out) noexcept {
  const color us = pos.side_to_move;
  const color them = ~us;
  const bitboard target = square_bb(pos.ep_square);
  const bitboard captured = forward(them, target);
  if ((pos.pieces(them, piece_type::pawn) & captured) == 0 || (pos.occupied() & target) != 0) {
    return;
  }
  // Rare, so each capture is played out against every attacker of the king.
  for (bitboard b = pos.pieces(us, piece_type::pawn) & pawn_attacks(them, pos.ep_square); b != 0;) {
    const square from = pop_lsb(b);
    const bitboard after = (pos.occupied() ^ square_bb(from) ^ captured) | target;
    if ((attackers(pos, king, them, after) & ~captured) == 0) {
      out.push(move(from, pos.ep_square, move_kind::en_passant));
    }
  }
}

}  // namespace

void generate_legal_moves(const position& pos, move_list& out) noexcept {
  out.size = 0;
  const color us = pos.side_to_move;
  const color them = ~us;
  const bitboard ours = pos.pieces(us);
  const bitboard occupied = pos.occupied();
  const square king = pos.king_square(us);
  const bitboard checking = attackers(pos, king, them, occupied);

  for (bitboard t = king_attacks(king) & ~ours; t != 0;) {
    const square to = pop_lsb(t);
    if (attackers(pos, to, them, occupied ^ square_bb(king)) == 0) out.push(move(king, to));
  }
  if (more_than_one(checking)) return;

  const bitboard targets = checking != 0 ? between(king, lsb(checking)) | checking : all_squares;
  const bitboard pinned = pinned_pieces(pos, us, king);
  const auto allowed = [&](square from) {
    return (pinned & square_bb(from)) != 0 ? line_through(king, from) : all_squares;
  };

  for (const piece_type type :
       {piece_type::knight, piece_type::bishop, piece_type::rook, piece_type::queen,
        piece_type::archbishop, piece_type::chancellor}) {
    for (bitboard b = pos.pieces(us, type); b != 0;) {
      const square from = pop_lsb(b);
      bitboard a = piece_attacks(type, from, occupied) & ~ours & targets & allowed(from);
      while (a != 0) out.push(move(from, pop_lsb(a)));
    }
  }

  const bitboard empty = all_squares & ~occupied;
  const int start_rank = us == color::white ? 1 : rank_count - 2;
  for (bitboard b = pos.pieces(us, piece_type::pawn); b != 0;) {
    const square from = pop_lsb(b);
    bitboard moves = forward(us, square_bb(from)) & empty;
    if (moves != 0 && rank_of(from) == start_rank) moves |= forward(us, moves) & empty;
    moves |= pawn_attacks(us, from) & pos.pieces(them);
    add_pawn_moves(from, moves & targets & allowed(from), out);
  }

  if (pos.ep_square != no_square) add_en_passant(pos, king, out);
  if (checking == 0) detail::add_castling_moves(pos, king, out);
}

position after_move(const position& pos, move m) noexcept {
  position next = pos;
  const color us = pos.side_to_move;
  const color them = ~us;
  const square from = m.from();
  const square to = m.to();
  const std::optional<piece> moving = pos.piece_on(from);
  const bool is_pawn = moving && moving->type == piece_type::pawn;
  bool capture = false;

  next.ep_square = no_square;
  if (m.kind() == move_kind::castling) {
    next.remove(from);
    next.remove(to);
    next.put({us, piece_type::king}, detail::castling_king_target(from, to));
    next.put({us, piece_type::rook}, detail::castling_rook_target(from, to));
  } else {
    if (m.kind() == move_kind::en_passant) {
      next.remove(square_at(to_index(to) - forward_step(us)));
      capture = true;
    } else if ((pos.occupied() & square_bb(to)) != 0) {
      next.remove(to);
      capture = true;
    }
    next.remove(from);
    next.put({us, m.kind() == move_kind::promotion ? m.promotion() : moving->type}, to);
    if (is_pawn && to_index(to) - to_index(from) == 2 * forward_step(us)) {
      next.ep_square = square_at(to_index(from) + forward_step(us));
    }
  }

  // A moved king loses both rights; a moved or captured rook loses its own.
  if (moving && moving->type == piece_type::king) {
    next.castling_rooks &= ~rank_bb(back_rank(us));
  }
  next.castling_rooks &= ~square_bb(from) & ~square_bb(to);
  next.castling_rooks &= next.pieces(piece_type::rook);

  next.halfmove_clock = (is_pawn || capture) ? 0 : pos.halfmove_clock + 1;
  if (us == color::black) ++next.fullmove_number;
  next.side_to_move = them;
  return next;
}

std::uint64_t perft(const position& pos, int depth) noexcept {
  if (depth <= 0) return 1;
  move_list moves;
  generate_legal_moves(pos, moves);
  if (depth == 1) return moves.size;  // bulk counting: the leaves need not be played
  std::uint64_t nodes = 0;
  for (const move m : moves) nodes += perft(after_move(pos, m), depth - 1);
  return nodes;
}

std::string to_uci(move m) {
  std::string text;
  for (const square s : {m.from(), m.to()}) {
    text += static_cast<char>('a' + file_of(s));
    text += static_cast<char>('1' + rank_of(s));
  }
  if (m.kind() == move_kind::promotion) {
    // Indexed by piece_type: pawn knight bishop rook queen king archbishop chancellor.
    text += "pnbrqkac"[to_index(m.promotion())];
  }
  return text;
}

}  // namespace fenbatch::core::ten_by_eight
