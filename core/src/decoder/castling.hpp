// The castling field resolved to rook squares, with the board known: the fast resolvers of the
// common spellings, and the general resolver that takes any letters, finds the reason and
// column of a bad field, and marks stale rights (a letter whose rook or king is missing, or two
// rights of one colour not on either side of the king; validate() rejects them in strict mode,
// repair mode drops them here).
#pragma once

#include "fenbatch/core/record.hpp"

namespace fenbatch::core::decoder {

// Only K, Q, k, q, in that order, each with one king on its back rank and a rook beyond it on
// that side (the outermost one is the right): the rights as rook squares, or 0 for anything
// else (file letters included). The field is [p, field_end); the line ends at line_end.
[[nodiscard]] bitboard outermost_rights(const char* p, const char* field_end, const char* line_end,
                                        const position& pos) noexcept;

// Any letters (K/Q/k/q and file letters) in canonical order, each naming a rook that exists,
// at most one right on each side of the king: sets pos.castling_rooks and returns field_end,
// or nullptr where the general resolver must decide.
const char* castling_letters(const char* p, const char* field_end, position& pos) noexcept;

// outermost_rights, then castling_letters.
const char* fast_castling(const char* p, const char* field_end, const char* line_end,
                          position& pos) noexcept;

// What the general resolver found wrong: the reason and the byte it is at (nullptr: nothing).
struct castling_problem {
  fen_errc reason = fen_errc::ok;
  const char* at = nullptr;
};

// Any field but "-": letters in any order (strict mode rejects a wrong order, repair mode
// reorders), resolved into rec.pos.castling_rooks; a stale letter's column (the line begins at
// line_begin) goes to rec.stale_castling_column, and repair mode notes its repairs in rec.
castling_problem resolve_castling(const char* field, const char* field_end, const char* line_begin,
                                  bool repair, record& rec) noexcept;

}  // namespace fenbatch::core::decoder
