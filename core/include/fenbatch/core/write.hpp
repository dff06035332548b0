// Canonical output of an accepted record.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "fenbatch/core/record.hpp"

namespace fenbatch::core {

enum class output_format : std::uint8_t {
  fen,  // 6 fields; EPD operations dropped (hmvc/fmvn already became the counters)
  epd,  // 4 fields, then the record's operations with single spaces
};

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

}  // namespace fenbatch::core
