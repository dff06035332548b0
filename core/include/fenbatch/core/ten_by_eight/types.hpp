// The vocabulary of X-FEN's 10x8 board (files a-j, ranks 1-8): 128-bit bitboards, squares, the
// Capablanca piece set. Square 0 is a1, 9 is j1, 79 is j8 (rank * 10 + file). Colours are
// core::color. Nothing here is used by the 8x8 path.
#pragma once

#include <bit>
#include <cstdint>

#include "fenbatch/core/types.hpp"

namespace fenbatch::core::ten_by_eight {

// 80 squares in the low bits of a 128-bit integer (a GCC/Clang extension; __extension__ keeps
// -Wpedantic quiet).
__extension__ using bitboard = unsigned __int128;

inline constexpr int file_count = 10;
inline constexpr int rank_count = 8;
inline constexpr int square_count = 80;

enum class piece_type : std::uint8_t {
  pawn,
  knight,
  bishop,
  rook,
  queen,
  king,
  archbishop,  // A: bishop + knight
  chancellor,  // C: rook + knight
};
inline constexpr int piece_type_count = 8;

constexpr int to_index(piece_type t) noexcept {
  return static_cast<int>(t);
}

struct piece : core::basic_piece<piece_type> {};

// Square index 0..79; `no_square` (80) marks an absent square.
enum class square : std::uint8_t {};
inline constexpr square no_square{80};

constexpr int to_index(square s) noexcept {
  return static_cast<int>(s);
}
constexpr square make_square(int file, int rank) noexcept {
  return static_cast<square>(rank * file_count + file);
}
constexpr square square_at(int index) noexcept {
  return static_cast<square>(index);
}
constexpr int file_of(square s) noexcept {
  return to_index(s) % file_count;
}
constexpr int rank_of(square s) noexcept {
  return to_index(s) / file_count;
}
constexpr bool is_square(square s) noexcept {
  return to_index(s) < square_count;
}

constexpr bitboard square_bb(square s) noexcept {
  return bitboard{1} << to_index(s);
}
inline constexpr bitboard all_squares = (bitboard{1} << square_count) - 1;

constexpr bitboard file_bb(int file) noexcept {
  bitboard b = 0;
  for (int rank = 0; rank < rank_count; ++rank) b |= square_bb(make_square(file, rank));
  return b;
}
constexpr bitboard rank_bb(int rank) noexcept {
  return bitboard{0x3FF} << (file_count * rank);
}

// a1 is dark; a square is light when file + rank is odd.
inline constexpr bitboard light_squares = [] {
  bitboard b = 0;
  for (int s = 0; s < square_count; ++s) {
    if ((file_of(square_at(s)) + rank_of(square_at(s))) % 2 == 1) b |= square_bb(square_at(s));
  }
  return b;
}();
inline constexpr bitboard dark_squares = all_squares & ~light_squares;

constexpr int popcount(bitboard b) noexcept {
  return std::popcount(static_cast<std::uint64_t>(b)) +
         std::popcount(static_cast<std::uint64_t>(b >> 64));
}
constexpr bool more_than_one(bitboard b) noexcept {
  return (b & (b - 1)) != 0;
}

// Least and most significant set square; the board must not be empty.
constexpr square lsb(bitboard b) noexcept {
  const auto low = static_cast<std::uint64_t>(b);
  return square_at(low != 0 ? std::countr_zero(low)
                            : 64 + std::countr_zero(static_cast<std::uint64_t>(b >> 64)));
}
constexpr square msb(bitboard b) noexcept {
  const auto high = static_cast<std::uint64_t>(b >> 64);
  return square_at(high != 0 ? 127 - std::countl_zero(high)
                             : 63 - std::countl_zero(static_cast<std::uint64_t>(b)));
}
constexpr square pop_lsb(bitboard& b) noexcept {
  const square s = lsb(b);
  b &= b - 1;
  return s;
}

// The 10x8 board as the templates shared by both boards see it (see
// core::eight_by_eight_vocabulary).
struct ten_by_eight_vocabulary {
  using bitboard = ten_by_eight::bitboard;
  using square = ten_by_eight::square;
  using piece_type = ten_by_eight::piece_type;
  using piece = ten_by_eight::piece;
  static constexpr int files = file_count;
  static constexpr int piece_types = piece_type_count;
  static constexpr square no_square = ten_by_eight::no_square;

  static constexpr bitboard square_bb(square s) noexcept { return ten_by_eight::square_bb(s); }
  static constexpr bitboard rank_bb(int rank) noexcept { return ten_by_eight::rank_bb(rank); }
  static constexpr square make_square(int file, int rank) noexcept {
    return ten_by_eight::make_square(file, rank);
  }
  static constexpr square lsb(bitboard b) noexcept { return ten_by_eight::lsb(b); }
  static constexpr square msb(bitboard b) noexcept { return ten_by_eight::msb(b); }
  static constexpr square pop_lsb(bitboard& b) noexcept { return ten_by_eight::pop_lsb(b); }
  static constexpr int popcount(bitboard b) noexcept { return ten_by_eight::popcount(b); }
  static constexpr bool more_than_one(bitboard b) noexcept {
    return ten_by_eight::more_than_one(b);
  }
};

}  // namespace fenbatch::core::ten_by_eight
