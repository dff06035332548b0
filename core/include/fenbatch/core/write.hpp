// Canonical output: of an accepted record (the line it came from gives its EPD operations and,
// when already canonical, its bytes), or of a position alone.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "fenbatch/core/record.hpp"

namespace fenbatch::core {

enum class output_format : std::uint8_t {
  fen,  // 6 fields; EPD operations dropped (hmvc/fmvn already became the counters)
  epd,  // 4 fields, then the record's operations with single spaces
  // Each record in the form it was read: an EPD record (4 fields) as epd; a FEN record as fen,
  // followed by its EPD operations if it had any. Nothing of the record is dropped.
  keep,
};
// Either format then writes the record's payload (decode_options::payload), if any, after one
// space, verbatim.

enum class castling_notation : std::uint8_t {
  xfen,      // K/Q for the outermost rook on that side of the king, else the file letter
  shredder,  // the file letter for every right
};

enum class ep_policy : std::uint8_t {
  legal,   // write the square only if a legal en-passant capture exists (python-chess default)
  pseudo,  // ... if a pawn of the side to move attacks it
  always,  // keep any valid input square
};

struct write_options {
  output_format format = output_format::fen;
  castling_notation castling = castling_notation::xfen;
  ep_policy ep = ep_policy::legal;
};

// Bytes write_position may need: 71 for the placement, 4 castling letters, 2 ep characters,
// two 10-digit counters and the separators (103), rounded up.
inline constexpr std::size_t max_position_size = 128;

// write_record, write_position, to_canonical and max_written_size on this board.
#include "fenbatch/core/board_writer.inc"

}  // namespace fenbatch::core
