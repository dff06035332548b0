// A column table that owns its columns (core/position_row.hpp's row_columns, every column
// filled), for the tests and the benchmark of pipeline/position_table.hpp; and the start
// position's 12 bitboards, written out by hand.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "fenbatch/core/position_row.hpp"

namespace fenbatch::test {

struct column_table {
  explicit column_table(std::size_t rows)
      : valid(std::make_unique<bool[]>(rows)),
        reason(rows),
        column(rows),
        board(rows),
        bitboards(rows * core::row_bitboards),
        squares(rows * core::row_squares),
        side(rows),
        castling(rows),
        ep(rows),
        halfmove(rows),
        fullmove(rows),
        key(rows * 2),
        size(rows) {}
  std::unique_ptr<bool[]> valid;  // (vector<bool> has no bool* to hand over)
  std::vector<std::uint8_t> reason;
  std::vector<std::int32_t> column;
  std::vector<std::uint8_t> board;
  std::vector<std::uint64_t> bitboards;
  std::vector<std::int8_t> squares;
  std::vector<std::uint8_t> side;
  std::vector<std::uint64_t> castling;
  std::vector<std::int8_t> ep;
  std::vector<std::uint32_t> halfmove;
  std::vector<std::uint32_t> fullmove;
  std::vector<std::uint64_t> key;
  std::size_t size;

  [[nodiscard]] core::row_columns columns() {
    return {valid.get(),      reason.data(),   column.data(),   board.data(),
            bitboards.data(), squares.data(),  side.data(),     castling.data(),
            ep.data(),        halfmove.data(), fullmove.data(), key.data()};
  }
  [[nodiscard]] std::vector<bool> valids() const {
    return std::vector<bool>(valid.get(), valid.get() + size);
  }
  friend bool operator==(const column_table& a, const column_table& b) {
    return a.valids() == b.valids() && a.reason == b.reason && a.column == b.column &&
           a.board == b.board && a.bitboards == b.bitboards && a.squares == b.squares &&
           a.side == b.side && a.castling == b.castling && a.ep == b.ep &&
           a.halfmove == b.halfmove && a.fullmove == b.fullmove && a.key == b.key;
  }
};

// The start position's bitboards in the order P N B R Q K p n b r q k: white pawns on rank 2,
// knights b1 g1, bishops c1 f1, rooks a1 h1, queen d1, king e1; black's the same on ranks 7-8.
inline constexpr std::array<std::uint64_t, core::row_bitboards> start_bitboards{
    0xFF00U,
    0x42U,
    0x24U,
    0x81U,
    0x08U,
    0x10U,
    0x00FF000000000000U,
    0x4200000000000000U,
    0x2400000000000000U,
    0x8100000000000000U,
    0x0800000000000000U,
    0x1000000000000000U};

}  // namespace fenbatch::test
