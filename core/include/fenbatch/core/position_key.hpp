// 128-bit identity of a record for deduplication: XXH3-128 of a compact binary encoding of
// the canonical position (never of its text), so spellings that normalize alike collide.
#pragma once

#include <compare>
#include <cstdint>

#include "fenbatch/core/record.hpp"

namespace fenbatch::core {

enum class key_kind : std::uint8_t {
  position,   // placement, side, cleaned castling, legal ep square (repetition identity)
  full,       // position plus halfmove clock and fullmove number (the whole canonical FEN)
  board,      // placement and side to move only
  placement,  // the piece placement alone
  // A position and its colour-flipped twin (python-chess's Board.mirror(): ranks mirrored,
  // colours swapped, side to move flipped, castling rights and ep square mirrored) share a key:
  // the `position` key of whichever of the two has White to move.
  mirror,
};

struct position_key {
  std::uint64_t low = 0;
  std::uint64_t high = 0;
  friend constexpr auto operator<=>(const position_key&, const position_key&) noexcept = default;
};

[[nodiscard]] position_key make_key(const record& rec, key_kind kind) noexcept;

}  // namespace fenbatch::core
