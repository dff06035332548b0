// Standard algebraic notation (SAN, PGN standard section 8.2.3), as PGN movetext and EPD's "bm"
// and "am" operations spell moves: "Nbd2", "R1a3", "exd6", "b8=Q+", "O-O-O", "Qxf7#".
#pragma once

#include <cstddef>
#include <string>

#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/position.hpp"

namespace fenbatch::core {

// The longest SAN is 7 bytes ("Qa1xb2+", "bxc8=Q#"); room to spare.
inline constexpr std::size_t max_san_size = 16;

// Writes move `m` of `pos` in SAN to `out` (max_san_size bytes); returns the bytes written.
// `legal` holds the legal moves of `pos` (generate_legal_moves), `m` among them: other pieces
// of the same type that may legally go to the same square decide the disambiguation (the
// origin's file if that tells them apart, else its rank, else both). Castling is "O-O" towards
// the h-file and "O-O-O" towards the a-file, in Chess960 too. A move that gives check ends in
// '+', one that mates in '#'.
std::size_t write_san(const position& pos, const move_list& legal, move m, char* out) noexcept;

// Convenience for tests and tools; allocates and generates the legal moves itself.
[[nodiscard]] std::string to_san(const position& pos, move m);

}  // namespace fenbatch::core
