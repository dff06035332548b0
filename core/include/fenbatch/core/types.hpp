// Domain vocabulary of the 8x8 board: squares, bitboards, colours, pieces.
// Square 0 is a1, 7 is h1, 63 is h8 (little-endian rank-file mapping, as in Stockfish).
#pragma once

#include <bit>
#include <cstdint>

namespace fenbatch::core {

using bitboard = std::uint64_t;

enum class color : std::uint8_t { white, black };
inline constexpr int color_count = 2;

constexpr color operator~(color c) noexcept {
  return static_cast<color>(static_cast<int>(c) ^ 1);
}
constexpr int to_index(color c) noexcept {
  return static_cast<int>(c);
}

enum class piece_type : std::uint8_t { pawn, knight, bishop, rook, queen, king };
inline constexpr int piece_type_count = 6;

constexpr int to_index(piece_type t) noexcept {
  return static_cast<int>(t);
}

// A coloured piece, used where one square's content is named (mailbox, move generation). A
// template over the board's piece types (10x8 adds the archbishop and chancellor); each board's
// `piece` derives from it (see basic_position.hpp for why not an alias).
template <class PieceType>
struct basic_piece {
  color side;
  PieceType type;
  friend constexpr bool operator==(basic_piece, basic_piece) noexcept = default;
};
struct piece : basic_piece<piece_type> {};

// Square index 0..63; `no_square` (64) marks an absent square (no en-passant target).
enum class square : std::uint8_t {};
inline constexpr square no_square{64};

constexpr int to_index(square s) noexcept {
  return static_cast<int>(s);
}
constexpr square make_square(int file, int rank) noexcept {
  return static_cast<square>(rank * 8 + file);
}
constexpr square square_at(int index) noexcept {
  return static_cast<square>(index);
}
constexpr int file_of(square s) noexcept {
  return to_index(s) & 7;
}
constexpr int rank_of(square s) noexcept {
  return to_index(s) >> 3;
}
constexpr bool is_square(square s) noexcept {
  return to_index(s) < 64;
}
// The same square seen from the other side of the board (a1 <-> a8).
constexpr square flip_rank(square s) noexcept {
  return static_cast<square>(to_index(s) ^ 56);
}

// The rank a colour's pieces start on: 0 for white, 7 for black.
constexpr int back_rank(color c) noexcept {
  return c == color::white ? 0 : 7;
}

constexpr bitboard square_bb(square s) noexcept {
  return bitboard{1} << to_index(s);
}
constexpr bitboard file_bb(int file) noexcept {
  return bitboard{0x0101010101010101} << file;
}
constexpr bitboard rank_bb(int rank) noexcept {
  return bitboard{0xFF} << (8 * rank);
}

inline constexpr bitboard light_squares = 0x55AA55AA55AA55AA;
inline constexpr bitboard dark_squares = ~light_squares;

constexpr int popcount(bitboard b) noexcept {
  return std::popcount(b);
}
constexpr bool more_than_one(bitboard b) noexcept {
  return (b & (b - 1)) != 0;
}

// Least and most significant set square; the board must not be empty.
constexpr square lsb(bitboard b) noexcept {
  return square_at(std::countr_zero(b));
}
constexpr square msb(bitboard b) noexcept {
  return square_at(63 - std::countl_zero(b));
}

constexpr square pop_lsb(bitboard& b) noexcept {
  const square s = lsb(b);
  b &= b - 1;
  return s;
}

enum class direction : std::int8_t { north = 8, south = -8, east = 1, west = -1 };

// Shift every square one step towards `d`, dropping squares that leave the board.
template <direction D>
constexpr bitboard shift(bitboard b) noexcept {
  if constexpr (D == direction::north) return b << 8;
  if constexpr (D == direction::south) return b >> 8;
  if constexpr (D == direction::east) return (b & ~file_bb(7)) << 1;
  if constexpr (D == direction::west) return (b & ~file_bb(0)) >> 1;
}

constexpr bitboard forward(color c, bitboard b) noexcept {
  return c == color::white ? shift<direction::north>(b) : shift<direction::south>(b);
}

// The 8x8 board as the templates shared by both boards (basic_position.hpp, and those in
// core/src) see it: its types, and forwards to the functions whose arguments (plain bitboards and
// integers) would not find the board's own by themselves (a 10x8 bitboard would silently narrow
// to an 8x8 one). Every function forwards, so an instantiation compiles to the board's own code.
struct eight_by_eight_vocabulary {
  using bitboard = core::bitboard;
  using square = core::square;
  using piece_type = core::piece_type;
  using piece = core::piece;
  static constexpr int files = 8;
  static constexpr int piece_types = core::piece_type_count;
  static constexpr square no_square = core::no_square;

  static constexpr bitboard square_bb(square s) noexcept { return core::square_bb(s); }
  static constexpr bitboard rank_bb(int rank) noexcept { return core::rank_bb(rank); }
  static constexpr square make_square(int file, int rank) noexcept {
    return core::make_square(file, rank);
  }
  static constexpr square lsb(bitboard b) noexcept { return core::lsb(b); }
  static constexpr square msb(bitboard b) noexcept { return core::msb(b); }
  static constexpr square pop_lsb(bitboard& b) noexcept { return core::pop_lsb(b); }
  static constexpr int popcount(bitboard b) noexcept { return core::popcount(b); }
  static constexpr bool more_than_one(bitboard b) noexcept { return core::more_than_one(b); }
};

}  // namespace fenbatch::core
