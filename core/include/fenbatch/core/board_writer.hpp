// The writer of one board, declared once for both: write.hpp includes this inside namespace
// fenbatch::core, ten_by_eight/write.hpp inside fenbatch::core::ten_by_eight, where `record`,
// `position` and `max_position_size` name that board's (and `write_options` core's). Hence no
// include guard and no includes of its own: the including header brings <cstddef>, <string>
// and <string_view>. Each board defines the functions in its own write.cpp.
//
// `max_position_size`: the bytes write_position may need, which the board declares first.

// Bytes write_record may need for a record read from a line of `line_length` bytes: a position
// written anew, and the line's EPD operations and payload, which can grow by one byte each (a
// space after every ';') and take at least two bytes each.
constexpr std::size_t max_written_size(std::size_t line_length) noexcept {
  return max_position_size + line_length + line_length / 2;
}

// Writes the canonical line (no terminator) to `out`, which must hold
// max_written_size(line.size()) bytes; returns the number of bytes written. `line` is the
// text the record was decoded from (its EPD operations and payload are copied from there).
std::size_t write_record(const record& rec, std::string_view line, const write_options& options,
                         char* out) noexcept;

// Convenience for tests and tools; allocates.
[[nodiscard]] std::string to_canonical(const record& rec, std::string_view line,
                                       const write_options& options = {});

// Writes `pos` alone (no terminator) as write_record writes a record of it: placement, side,
// castling in the chosen notation, the en-passant square as options.ep decides (`legal`: when
// a legal en-passant capture exists; `pseudo`: when a pawn of the side to move attacks the
// square; `always`: as pos.ep_square holds it), and in fen format the counters; epd format
// gives the four fields. `pos` must be one that validate() accepts; `out` must hold
// max_position_size bytes. Returns the number of bytes written.
std::size_t write_position(const position& pos, const write_options& options, char* out) noexcept;

// Convenience for tests and tools; allocates.
[[nodiscard]] std::string to_canonical(const position& pos, const write_options& options = {});
