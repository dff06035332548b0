// One line as one row of a column table (issue 30: fenbatch.decode in Python): the line's
// verdict as a run gives it (the 8x8 reader, else the 10x8 reader where the line has ten
// files), and the position spread over fixed-width columns that a caller owns (NumPy arrays).
// No allocation, no exception: the caller sizes the columns, rows are independent, so threads
// fill disjoint rows of one table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core {

// What a row's decode is asked for: the command line's --repair, --payload, --castling,
// --ep and --key.
struct row_options {
  decode_options decode;
  write_options write;  // castling notation and ep policy: `ep` below follows the policy
  key_kind key = key_kind::position;
};

inline constexpr std::size_t row_bitboards = 12;  // P N B R Q K p n b r q k
inline constexpr std::size_t row_squares = 80;    // a mailbox wide enough for 10x8

// Mailbox codes: 0 empty, 1-6 white P N B R Q K, 7-12 black p n b r q k, 13/14 white
// archbishop/chancellor (A/C), 15/16 black (a/c).
inline constexpr std::int8_t empty_square = 0;

// Column pointers of a table of `rows` rows. Any pointer may be null: that column is not
// filled. Row r's entries: valid[r], reason[r], ..., bitboards[r * 12 + plane],
// squares[r * 80 + square], key[r * 2] (low) and key[r * 2 + 1] (high).
struct row_columns {
  bool* valid = nullptr;
  std::uint8_t* reason = nullptr;      // fen_errc; 0 (ok) for a valid row
  std::int32_t* column = nullptr;      // 1-based byte column of the problem; 0 for a valid row
  std::uint8_t* board = nullptr;       // 0 8x8, 1 10x8 (an invalid row: the reader that judged it)
  std::uint64_t* bitboards = nullptr;  // bit i = square i, a1 = 0, h8 = 63; zero for 10x8 rows
  std::int8_t* squares = nullptr;      // rank-major from a1, width 8 or 10 as `board` says
  std::uint8_t* side = nullptr;        // 0 white, 1 black
  std::uint64_t* castling = nullptr;   // castling rooks as a bitboard (8x8; 0 for 10x8)
  std::int8_t* ep = nullptr;           // ep square as the canonical output writes it, else -1
  std::uint32_t* halfmove = nullptr;
  std::uint32_t* fullmove = nullptr;
  std::uint64_t* key = nullptr;  // row_options::key, low then high
};

// Decodes `line` (without its line terminator) and fills row `row` of `out`. An invalid row
// (and a blank or comment line: reason skipped_blank / skipped_comment, column 0) has every
// position column zero (ep -1).
void decode_row(std::string_view line, const row_options& options, const row_columns& out,
                std::size_t row) noexcept;

// The canonical line (no LF) fenbatch writes for `line` under `options` (as `--format` fen
// and the write options say), appended to `out`; returns false (appending nothing) when the
// line is not valid.
bool append_canonical(std::string_view line, const row_options& options, std::string& out);

}  // namespace fenbatch::core
