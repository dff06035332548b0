// A chess position as bitboards, for any board: Board is a board's vocabulary
// (core::eight_by_eight_vocabulary, ten_by_eight::ten_by_eight_vocabulary). Each board's
// `position` is a struct derived from its instantiation rather than an alias, so that it stays a
// type of its own (forward-declarable; a local or enumerator named `position` does not shadow an
// alias under -Wshadow). Castling rights are kept as the set of rook squares that may still
// castle, so Chess960 and Capablanca random chess need no special case: a right is "this rook,
// with this king".
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "fenbatch/core/types.hpp"

namespace fenbatch::core {

template <class Board>
struct basic_position {
  using vocabulary = Board;
  using bitboard = typename Board::bitboard;
  using square = typename Board::square;
  using piece_type = typename Board::piece_type;
  using piece = typename Board::piece;

  std::array<bitboard, color_count> by_color{};
  std::array<bitboard, Board::piece_types> by_type{};
  // Rook squares (on rank 1 for white, rank 8 for black) that keep a castling right.
  bitboard castling_rooks = 0;
  // The en-passant target square as given, or no_square.
  square ep_square = Board::no_square;
  color side_to_move = color::white;
  std::uint32_t halfmove_clock = 0;
  std::uint32_t fullmove_number = 1;

  [[nodiscard]] constexpr bitboard occupied() const noexcept { return by_color[0] | by_color[1]; }
  [[nodiscard]] constexpr bitboard pieces(color c) const noexcept {
    return by_color[static_cast<std::size_t>(c)];
  }
  [[nodiscard]] constexpr bitboard pieces(piece_type t) const noexcept {
    return by_type[static_cast<std::size_t>(t)];
  }
  [[nodiscard]] constexpr bitboard pieces(color c, piece_type t) const noexcept {
    return pieces(c) & pieces(t);
  }
  // Ranks are the same on both boards: back_rank(c) is 0 for white, 7 for black.
  [[nodiscard]] constexpr bitboard castling_rooks_of(color c) const noexcept {
    return castling_rooks & Board::rank_bb(back_rank(c));
  }

  // The king's square; only meaningful when that side has exactly one king.
  [[nodiscard]] constexpr square king_square(color c) const noexcept {
    return Board::lsb(pieces(c, piece_type::king));
  }

  [[nodiscard]] constexpr std::optional<piece> piece_on(square s) const noexcept {
    const bitboard b = Board::square_bb(s);
    if ((occupied() & b) == 0) return std::nullopt;
    const color c = (by_color[0] & b) != 0 ? color::white : color::black;
    for (int t = 0; t < Board::piece_types; ++t) {
      if ((by_type[static_cast<std::size_t>(t)] & b) != 0)
        return piece{c, static_cast<piece_type>(t)};
    }
    return std::nullopt;
  }

  void put(piece p, square s) noexcept {
    by_color[static_cast<std::size_t>(p.side)] |= Board::square_bb(s);
    by_type[static_cast<std::size_t>(p.type)] |= Board::square_bb(s);
  }
  void remove(square s) noexcept {
    const bitboard keep = ~Board::square_bb(s);
    for (auto& b : by_color) b &= keep;
    for (auto& b : by_type) b &= keep;
  }

  friend constexpr bool operator==(const basic_position&, const basic_position&) noexcept = default;
};

}  // namespace fenbatch::core
