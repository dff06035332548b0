#include "fenbatch/core/movegen.hpp"

#include <array>

#include "attack_tables.hpp"
#include "fenbatch/core/attacks.hpp"
#include "legal_moves.hpp"

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

// The square a king or rook lands on when castling with the rook on `rook`.
square castling_king_target(square king, square rook) noexcept {
  return make_square(to_index(rook) > to_index(king) ? 6 : 2, rank_of(king));
}
square castling_rook_target(square king, square rook) noexcept {
  return make_square(to_index(rook) > to_index(king) ? 5 : 3, rank_of(king));
}

// The board's parts of the shared steps (move_steps.hpp, legal_moves.hpp).
struct eight_by_eight_moves : detail::eight_by_eight_board {
  using move = core::move;
  using move_list = core::move_list;
  using move_kind = core::move_kind;
  static constexpr bitboard all_squares = ~bitboard{0};
  static constexpr std::array<piece_type, 4> promotion_types{
      piece_type::queen, piece_type::rook, piece_type::bishop, piece_type::knight};

  static bitboard between(square a, square b) noexcept { return between_bb(a, b); }
  static bitboard line_through(square a, square b) noexcept { return line_bb(a, b); }
  static bitboard attackers(const position& pos, square s, color by, bitboard occupied) noexcept {
    return attackers_of(pos, s, by, occupied);
  }
  static bitboard king_attacks(square s) noexcept { return detail::king_attacks(s); }
  static bitboard pawn_attacks(color c, square s) noexcept { return detail::pawn_attacks(c, s); }
  static bitboard bishop_attacks(square s, bitboard occupied) noexcept {
    return detail::bishop_attacks(s, occupied);
  }
  static bitboard rook_attacks(square s, bitboard occupied) noexcept {
    return detail::rook_attacks(s, occupied);
  }
  static bitboard forward(color c, bitboard b) noexcept { return core::forward(c, b); }
  static bitboard diagonal_sliders(const position& pos, color c) noexcept {
    return pos.pieces(c, piece_type::bishop) | pos.pieces(c, piece_type::queen);
  }
  static bitboard straight_sliders(const position& pos, color c) noexcept {
    return pos.pieces(c, piece_type::rook) | pos.pieces(c, piece_type::queen);
  }
  // Knights, bishops, rooks and queens in square order.
  template <class Visit>
  static void visit_piece_attacks(const position& pos, bitboard occupied, Visit visit) noexcept {
    const bitboard leaders = pos.pieces(pos.side_to_move) & ~pos.pieces(piece_type::pawn) &
                             ~pos.pieces(piece_type::king);
    for (bitboard b = leaders; b != 0;) {
      const square from = pop_lsb(b);
      const bitboard here = square_bb(from);
      bitboard a = 0;
      if ((pos.pieces(piece_type::knight) & here) != 0) {
        a = detail::knight_attacks(from);
      } else {
        const bitboard queens = pos.pieces(piece_type::queen);
        if (((pos.pieces(piece_type::bishop) | queens) & here) != 0) {
          a |= detail::bishop_attacks(from, occupied);
        }
        if (((pos.pieces(piece_type::rook) | queens) & here) != 0) {
          a |= detail::rook_attacks(from, occupied);
        }
      }
      visit(from, a);
    }
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
  detail::generate_legal_moves<eight_by_eight_moves>(pos, out);
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
