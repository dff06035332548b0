#include "fenbatch/core/movegen.hpp"

#include "attack_tables.hpp"
#include "fenbatch/core/attacks.hpp"
#include "move_steps.hpp"

namespace fenbatch::core {

using detail::attackers_of;
using detail::between_bb;
using detail::line_bb;

bitboard knight_attacks(square s) noexcept {
  return detail::knight_attacks(s);
}
bitboard king_attacks(square s) noexcept {
  return detail::king_attacks(s);
}
bitboard pawn_attacks(color c, square s) noexcept {
  return detail::pawn_attacks(c, s);
}
bitboard bishop_attacks(square s, bitboard occupied) noexcept {
  return detail::bishop_attacks(s, occupied);
}
bitboard rook_attacks(square s, bitboard occupied) noexcept {
  return detail::rook_attacks(s, occupied);
}
bitboard attackers(const position& pos, square s, color by, bitboard occupied) noexcept {
  return attackers_of(pos, s, by, occupied);
}
bitboard checkers(const position& pos) noexcept {
  const color us = pos.side_to_move;
  return attackers_of(pos, pos.king_square(us), ~us, pos.occupied());
}

namespace {

// Our pieces that alone stand between our king and an enemy slider.
bitboard pinned_pieces(const position& pos, color us, square king) noexcept {
  const color them = ~us;
  const bitboard queens = pos.pieces(them, piece_type::queen);
  const bitboard snipers =
      (detail::rook_attacks(king, 0) & (pos.pieces(them, piece_type::rook) | queens)) |
      (detail::bishop_attacks(king, 0) & (pos.pieces(them, piece_type::bishop) | queens));
  bitboard pinned = 0;
  for (bitboard s = snipers; s != 0;) {
    const bitboard blockers = between_bb(king, pop_lsb(s)) & pos.occupied();
    if (blockers != 0 && !more_than_one(blockers)) pinned |= blockers & pos.pieces(us);
  }
  return pinned;
}

void add_pawn_moves(square from, bitboard targets, move_list& out) noexcept {
  while (targets != 0) {
    const square to = pop_lsb(targets);
    if (rank_of(to) == 0 || rank_of(to) == 7) {
      for (const piece_type t :
           {piece_type::queen, piece_type::rook, piece_type::bishop, piece_type::knight}) {
        out.push(move(from, to, move_kind::promotion, t));
      }
    } else {
      out.push(move(from, to));
    }
  }
}

// The square a king or rook lands on when castling with the rook on `rook`.
square castling_king_target(square king, square rook) noexcept {
  return make_square(to_index(rook) > to_index(king) ? 6 : 2, rank_of(king));
}
square castling_rook_target(square king, square rook) noexcept {
  return make_square(to_index(rook) > to_index(king) ? 5 : 3, rank_of(king));
}

// The board's parts of the shared steps (move_steps.hpp).
struct eight_by_eight_moves : detail::eight_by_eight_board {
  using move = core::move;
  using move_list = core::move_list;
  using move_kind = core::move_kind;
  static bitboard between(square a, square b) noexcept { return between_bb(a, b); }
  static bitboard attackers(const position& pos, square s, color by, bitboard occupied) noexcept {
    return attackers_of(pos, s, by, occupied);
  }
  static square king_target(square king, square rook) noexcept {
    return castling_king_target(king, rook);
  }
  static square rook_target(square king, square rook) noexcept {
    return castling_rook_target(king, rook);
  }
  static square en_passant_victim(color, square to) noexcept { return square_at(to_index(to) ^ 8); }
  static bool is_double_push(color, square from, square to) noexcept {
    return (to_index(from) ^ to_index(to)) == 16;
  }
  static void generate(const position& pos, move_list& out) noexcept {
    generate_legal_moves(pos, out);
  }
  static position after(const position& pos, move m) noexcept { return after_move(pos, m); }
};

}  // namespace

void generate_legal_moves(const position& pos, move_list& out) noexcept {
  out.size = 0;
  const color us = pos.side_to_move;
  const color them = ~us;
  const bitboard ours = pos.pieces(us);
  const bitboard occupied = pos.occupied();
  const square king = pos.king_square(us);
  const bitboard checking = attackers_of(pos, king, them, occupied);

  for (bitboard t = detail::king_attacks(king) & ~ours; t != 0;) {
    const square to = pop_lsb(t);
    if (attackers_of(pos, to, them, occupied ^ square_bb(king)) == 0) out.push(move(king, to));
  }
  if (more_than_one(checking)) return;

  const bitboard targets =
      checking != 0 ? between_bb(king, lsb(checking)) | checking : ~bitboard{0};
  const bitboard pinned = pinned_pieces(pos, us, king);
  const auto allowed = [&](square from) {
    return (pinned & square_bb(from)) != 0 ? line_bb(king, from) : ~bitboard{0};
  };

  // Knights, bishops, rooks, queens.
  for (bitboard b = ours & ~pos.pieces(piece_type::pawn) & ~pos.pieces(piece_type::king); b != 0;) {
    const square from = pop_lsb(b);
    bitboard a = 0;
    const bitboard here = square_bb(from);
    if ((pos.pieces(piece_type::knight) & here) != 0) {
      a = detail::knight_attacks(from);
    } else {
      if ((pos.pieces(piece_type::bishop) & here) != 0 ||
          (pos.pieces(piece_type::queen) & here) != 0) {
        a |= detail::bishop_attacks(from, occupied);
      }
      if ((pos.pieces(piece_type::rook) & here) != 0 ||
          (pos.pieces(piece_type::queen) & here) != 0) {
        a |= detail::rook_attacks(from, occupied);
      }
    }
    for (a &= ~ours & targets & allowed(from); a != 0;) out.push(move(from, pop_lsb(a)));
  }

  // Pawns.
  const bitboard empty = ~occupied;
  const int start_rank = us == color::white ? 1 : 6;
  for (bitboard b = pos.pieces(us, piece_type::pawn); b != 0;) {
    const square from = pop_lsb(b);
    const bitboard here = square_bb(from);
    bitboard moves = forward(us, here) & empty;
    if (moves != 0 && rank_of(from) == start_rank) moves |= forward(us, moves) & empty;
    moves |= detail::pawn_attacks(us, from) & pos.pieces(them);
    add_pawn_moves(from, moves & targets & allowed(from), out);
  }

  // En passant: rare, so checked by playing it out against every slider.
  if (pos.ep_square != no_square) {
    const bitboard target = square_bb(pos.ep_square);
    const bitboard captured = forward(them, target);
    if ((pos.pieces(them, piece_type::pawn) & captured) != 0 && (occupied & target) == 0) {
      for (bitboard b =
               pos.pieces(us, piece_type::pawn) & detail::pawn_attacks(them, pos.ep_square);
           b != 0;) {
        const square from = pop_lsb(b);
        const bitboard after = (occupied ^ square_bb(from) ^ captured) | target;
        if ((attackers_of(pos, king, them, after) & ~captured) == 0) {
          out.push(move(from, pos.ep_square, move_kind::en_passant));
        }
      }
    }
  }

  if (checking == 0) detail::add_castling_moves<eight_by_eight_moves>(pos, king, out);
}

position after_move(const position& pos, move m) noexcept {
  return detail::play_move<eight_by_eight_moves>(pos, m);
}

std::uint64_t perft(const position& pos, int depth) noexcept {
  return detail::count_leaves<eight_by_eight_moves>(pos, depth);
}

std::string to_uci(move m, bool chess960) {
  square to = m.to();
  if (m.kind() == move_kind::castling && !chess960) to = castling_king_target(m.from(), to);
  std::string text;
  for (const square s : {m.from(), to}) {
    text += static_cast<char>('a' + file_of(s));
    text += static_cast<char>('1' + rank_of(s));
  }
  if (m.kind() == move_kind::promotion) text += "nbrq"[to_index(m.promotion()) - 1];
  return text;
}

}  // namespace fenbatch::core
