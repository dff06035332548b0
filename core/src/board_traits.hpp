// What the board-independent templates (write_tail.hpp, validate_steps.hpp,
// decoder/castling_resolver.hpp) need from a
// board: its types, and the functions whose arguments (plain bitboards and integers) would not
// find the board's own by themselves (a 10x8 bitboard would silently narrow to an 8x8 one). One
// struct per board; every function forwards to the board's, so an instantiation compiles to the
// board's code.
#pragma once

#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core::detail {

struct eight_by_eight_board {
  using bitboard = core::bitboard;
  using square = core::square;
  using piece_type = core::piece_type;
  using position = core::position;
  using record = core::record;
  static constexpr int files = 8;
  static constexpr int piece_types = core::piece_type_count;
  static constexpr square no_square = core::no_square;

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

struct ten_by_eight_board {
  using bitboard = ten_by_eight::bitboard;
  using square = ten_by_eight::square;
  using piece_type = ten_by_eight::piece_type;
  using position = ten_by_eight::position;
  using record = ten_by_eight::record;
  static constexpr int files = ten_by_eight::file_count;
  static constexpr int piece_types = ten_by_eight::piece_type_count;
  static constexpr square no_square = ten_by_eight::no_square;

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

}  // namespace fenbatch::core::detail
