// UCI move lists played on a record (issue 29's --apply-moves and --check-move): "e2e4 e7e5",
// promotions "e7e8q", castling as king-takes-rook ("e1h1") or, where no other legal move is
// spelt the same, as the king's destination ("e1g1"; in Chess960 "f1g1" is the king's step
// when that is legal). Moves are separated by spaces or tabs; the text is ASCII, lowercase.
//
// Reasons: move_syntax for a token that is not a UCI move, or a list with fewer moves than
// asked for (column: one past the list's end); illegal_move for a move not legal where it is
// played. The column is the 1-based byte column of the move in `moves`.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/record.hpp"

namespace fenbatch::core {

// "Every move of the list".
inline constexpr std::uint32_t all_moves = std::numeric_limits<std::uint32_t>::max();

// Plays the first `count` moves of `moves` (all of them for all_moves) on a validated record:
// on success `rec` holds the position after them, validated again (legal_ep, in_check, notes),
// with its counters advanced and placement_length = 0 and plain_tail = false so that writers
// re-encode it. On failure `rec` is unchanged.
[[nodiscard]] fen_status apply_uci_moves(record& rec, std::string_view moves, std::uint32_t count,
                                         const decode_options& options) noexcept;

// Whether every move of `moves` (at least one) is legal, played in turn from the record's
// position; the record is not changed.
[[nodiscard]] fen_status check_uci_moves(const record& rec, std::string_view moves) noexcept;

}  // namespace fenbatch::core
