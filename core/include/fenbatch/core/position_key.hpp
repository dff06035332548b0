// 128-bit identity of a record for deduplication: XXH3-128 of a compact binary encoding of
// the canonical position (never of its text), so spellings that normalize alike collide.
#pragma once

#include <compare>
#include <cstdint>

#include "fenbatch/core/record.hpp"

namespace fenbatch::core {

enum class key_kind : std::uint8_t {
  position,  // placement, side, cleaned castling, legal ep square (repetition identity)
  full,      // position plus halfmove clock and fullmove number (the whole canonical FEN)
  board,     // placement and side to move only
};

struct position_key {
  std::uint64_t low = 0;
  std::uint64_t high = 0;
  friend constexpr auto operator<=>(const position_key&, const position_key&) noexcept = default;
};

[[nodiscard]] position_key make_key(const record& rec, key_kind kind) noexcept;

}  // namespace fenbatch::core
