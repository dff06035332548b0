// The castling field resolved to rook squares, with the board known: the fast resolvers of the
// common spellings, and the general resolver that takes any letters, finds the reason and
// column of a bad field, and marks stale rights (a letter whose rook or king is missing, or two
// rights of one colour not on either side of the king; validate() rejects them in strict mode,
// repair mode drops them here).
#pragma once

#include "castling_resolver.hpp"

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

// The general resolver (castling_resolver.hpp) on the 8x8 board.
castling_problem resolve_castling(const char* field, const char* field_end, const char* line_begin,
                                  bool repair, record& rec) noexcept;

}  // namespace fenbatch::core::decoder
