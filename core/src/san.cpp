#include "fenbatch/core/san.hpp"

#include <string_view>

#include "fenbatch/core/attacks.hpp"

namespace fenbatch::core {
namespace {

constexpr std::string_view piece_letters = "PNBRQK";

char* write_square(square s, char* o) noexcept {
  *o++ = static_cast<char>('a' + file_of(s));
  *o++ = static_cast<char>('1' + rank_of(s));
  return o;
}

// The least the standard allows: nothing without rivals, else the origin's file, rank or both.
char* write_disambiguation(const position& pos, const move_list& legal, move m, char* o) noexcept {
  const square from = m.from();
  const bitboard same_type = pos.pieces(pos.piece_on(from)->type);
  bitboard rivals = 0;  // other pieces of the same type that may go to the same square
  for (const move other : legal) {
    if (other.to() == m.to() && other.from() != from && other.kind() != move_kind::castling &&
        (same_type & square_bb(other.from())) != 0) {
      rivals |= square_bb(other.from());
    }
  }
  if (rivals == 0) return o;
  if ((rivals & file_bb(file_of(from))) == 0) {
    *o++ = static_cast<char>('a' + file_of(from));
  } else if ((rivals & rank_bb(rank_of(from))) == 0) {
    *o++ = static_cast<char>('1' + rank_of(from));
  } else {
    o = write_square(from, o);
  }
  return o;
}

}  // namespace

std::size_t write_san(const position& pos, const move_list& legal, move m, char* out) noexcept {
  char* o = out;
  const square from = m.from();
  const square to = m.to();
  if (m.kind() == move_kind::castling) {
    // A castling move goes from the king to its rook: the h-side when the rook is to the right.
    const std::string_view castle = file_of(to) > file_of(from) ? "O-O" : "O-O-O";
    for (const char c : castle) *o++ = c;
  } else {
    const piece_type type = pos.piece_on(from)->type;
    const bool capture = m.kind() == move_kind::en_passant || (pos.occupied() & square_bb(to)) != 0;
    if (type == piece_type::pawn) {
      if (capture) *o++ = static_cast<char>('a' + file_of(from));
    } else {
      *o++ = piece_letters[static_cast<std::size_t>(to_index(type))];
      o = write_disambiguation(pos, legal, m, o);
    }
    if (capture) *o++ = 'x';
    o = write_square(to, o);
    if (m.kind() == move_kind::promotion) {
      *o++ = '=';
      *o++ = piece_letters[static_cast<std::size_t>(to_index(m.promotion()))];
    }
  }
  const position next = after_move(pos, m);
  if (checkers(next) != 0) {
    move_list replies;
    generate_legal_moves(next, replies);
    *o++ = replies.size == 0 ? '#' : '+';
  }
  return static_cast<std::size_t>(o - out);
}

std::string to_san(const position& pos, move m) {
  move_list legal;
  generate_legal_moves(pos, legal);
  std::string text(max_san_size, '\0');
  text.resize(write_san(pos, legal, m, text.data()));
  return text;
}

}  // namespace fenbatch::core
