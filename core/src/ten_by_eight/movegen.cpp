// Legal move generation on the 10x8 board: the generator and move steps both boards share
// (../legal_moves.hpp, ../move_steps.hpp) over this board's parts: its move types, attacks,
// castling targets, en passant and double push on ten files, and the Capablanca pieces
// (archbishops slide as bishops, chancellors as rooks).

#include "fenbatch/core/ten_by_eight/movegen.hpp"

#include <array>

#include "../legal_moves.hpp"
#include "castling.hpp"
#include "fenbatch/core/ten_by_eight/attacks.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

// The 10x8 parts of the steps shared with 8x8, in an anonymous namespace as 8x8's are (see
// ../move_steps.hpp).
struct ten_by_eight_moves : core::detail::ten_by_eight_board {
  using move = ten_by_eight::move;
  using move_list = ten_by_eight::move_list;
  using move_kind = ten_by_eight::move_kind;
  static constexpr bitboard all_squares = ten_by_eight::all_squares;
  static constexpr std::array<piece_type, 6> promotion_types{
      piece_type::queen,  piece_type::rook,       piece_type::bishop,
      piece_type::knight, piece_type::archbishop, piece_type::chancellor};

  static bitboard between(square a, square b) noexcept { return ten_by_eight::between(a, b); }
  static bitboard line_through(square a, square b) noexcept {
    return ten_by_eight::line_through(a, b);
  }
  static bitboard attackers(const position& pos, square s, color by, bitboard occupied) noexcept {
    return ten_by_eight::attackers(pos, s, by, occupied);
  }
  static bitboard king_attacks(square s) noexcept { return ten_by_eight::king_attacks(s); }
  static bitboard pawn_attacks(color c, square s) noexcept {
    return ten_by_eight::pawn_attacks(c, s);
  }
  static bitboard bishop_attacks(square s, bitboard occupied) noexcept {
    return ten_by_eight::bishop_attacks(s, occupied);
  }
  static bitboard rook_attacks(square s, bitboard occupied) noexcept {
    return ten_by_eight::rook_attacks(s, occupied);
  }
  static constexpr bitboard forward(color c, bitboard b) noexcept {
    return c == color::white ? (b << file_count) & all_squares : b >> file_count;
  }
  static bitboard diagonal_sliders(const position& pos, color c) noexcept {
    return pos.pieces(c) & (pos.pieces(piece_type::bishop) | pos.pieces(piece_type::queen) |
                            pos.pieces(piece_type::archbishop));
  }
  static bitboard straight_sliders(const position& pos, color c) noexcept {
    return pos.pieces(c) & (pos.pieces(piece_type::rook) | pos.pieces(piece_type::queen) |
                            pos.pieces(piece_type::chancellor));
  }
  // Each type in turn (knights, bishops, rooks, queens, archbishops, chancellors), each in
  // square order.
  template <class Visit>
  static void visit_piece_attacks(const position& pos, bitboard occupied, Visit visit) noexcept {
    for (const piece_type type :
         {piece_type::knight, piece_type::bishop, piece_type::rook, piece_type::queen,
          piece_type::archbishop, piece_type::chancellor}) {
      for (bitboard b = pos.pieces(pos.side_to_move, type); b != 0;) {
        const square from = pop_lsb(b);
        visit(from, piece_attacks(type, from, occupied));
      }
    }
  }
  static bitboard piece_attacks(piece_type type, square from, bitboard occupied) noexcept {
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

  static square king_target(square king, square rook) noexcept {
    return detail::castling_king_target(king, rook);
  }
  static square rook_target(square king, square rook) noexcept {
    return detail::castling_rook_target(king, rook);
  }
  // The square one step toward the far side for colour c.
  static constexpr int forward_step(color c) noexcept {
    return c == color::white ? file_count : -file_count;
  }
  static square en_passant_victim(color us, square to) noexcept {
    return square_at(to_index(to) - forward_step(us));
  }
  static bool is_double_push(color us, square from, square to) noexcept {
    return to_index(to) - to_index(from) == 2 * forward_step(us);
  }
  static void generate(const position& pos, move_list& out) noexcept {
    generate_legal_moves(pos, out);
  }
  static position after(const position& pos, move m) noexcept { return after_move(pos, m); }
};

}  // namespace

void generate_legal_moves(const position& pos, move_list& out) noexcept {
  core::detail::generate_legal_moves<ten_by_eight_moves>(pos, out);
}

position after_move(const position& pos, move m) noexcept {
  return core::detail::play_move<ten_by_eight_moves>(pos, m);
}

std::uint64_t perft(const position& pos, int depth) noexcept {
  return core::detail::count_leaves<ten_by_eight_moves>(pos, depth);
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
