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

// Bytes write_record may need for a record read from a line of `line_length` bytes. Operations
// can grow by one byte each (a space after every ';'), and take at least two bytes each.
constexpr std::size_t max_written_size(std::size_t line_length) noexcept {
  return 128 + line_length + line_length / 2;
}

// Writes the canonical line (no terminator) to `out`, which must hold
// max_written_size(line.size()) bytes; returns the number of bytes written. `line` is the
// text the record was decoded from (its EPD operations are copied from there).
std::size_t write_record(const record& rec, std::string_view line, const write_options& options,
                         char* out) noexcept;

// Convenience for tests and tools; allocates.
[[nodiscard]] std::string to_canonical(const record& rec, std::string_view line,
                                       const write_options& options = {});

// Bytes write_position may need: 71 for the placement, 4 castling letters, 2 ep characters,
// two 10-digit counters and the separators (103), rounded up.
inline constexpr std::size_t max_position_size = 128;

// Writes `pos` alone (no terminator) as write_record writes a record of it: placement, side,
// castling in the chosen notation, the en-passant square as options.ep decides (`legal`: when
// a legal en-passant capture exists; `pseudo`: when a pawn of the side to move attacks the
// square; `always`: as pos.ep_square holds it), and in fen format the counters; epd format
// gives the four fields. `pos` must be one that validate() accepts; `out` must hold
// max_position_size bytes. Returns the number of bytes written.
std::size_t write_position(const position& pos, const write_options& options, char* out) noexcept;

// Convenience for tests and tools; allocates.
[[nodiscard]] std::string to_canonical(const position& pos, const write_options& options = {});

}  // namespace fenbatch::core
