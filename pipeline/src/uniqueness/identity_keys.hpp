// --uniqueness: the keys of a line under the identities a run counts, for both boards. Inlined
// into the selecting loop (stages/process_lines.hpp), which calls it only with --uniqueness.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/pipeline/uniqueness_stats.hpp"

namespace fenbatch::pipeline::detail {

// Bit `i` set: identity i is counted (identity_bit).
using identity_mask = std::uint8_t;
[[nodiscard]] constexpr identity_mask identity_bit(identity which) noexcept {
  return static_cast<identity_mask>(1U << static_cast<unsigned>(which));
}

// A chunk's keys, identity by identity, in line order (chunk::identity_keys).
using identity_key_lists = std::array<std::vector<core::position_key>, identity_count>;

// The identity that is the key `kind` (the one --key names, counted by dedupe itself).
[[nodiscard]] constexpr identity identity_of(core::key_kind kind) noexcept {
  switch (kind) {
    case core::key_kind::full: return identity::fen;
    case core::key_kind::position: return identity::position;
    case core::key_kind::board: return identity::board_side;
    case core::key_kind::placement: return identity::placement;
    case core::key_kind::mirror: return identity::mirror;
  }
  return identity::position;
}

// The identities --uniqueness counts itself: all six, less the one dedupe counts (--key's: it
// is `unique`).
[[nodiscard]] constexpr identity_mask counted_identities(bool dedupe, core::key_kind key) noexcept {
  constexpr auto all = static_cast<identity_mask>((1U << identity_count) - 1);
  return dedupe ? static_cast<identity_mask>(all & ~identity_bit(identity_of(key))) : all;
}

// The record as if no en-passant capture were legal: its position key is board_side_castling's.
[[nodiscard]] inline core::record without_legal_ep(const core::record& rec) noexcept {
  core::record copy = rec;
  copy.legal_ep = core::no_square;
  return copy;
}
[[nodiscard]] inline core::ten_by_eight::record without_legal_ep(
    const core::ten_by_eight::record& rec) noexcept {
  core::ten_by_eight::record copy = rec;
  copy.legal_ep = core::ten_by_eight::no_square;
  return copy;
}

template <class Record>
inline void add_identity_keys(const Record& rec, identity_mask counted, identity_key_lists& keys) {
  using core::make_key;
  using core::ten_by_eight::make_key;
  const auto add = [&](identity which, core::key_kind kind) {
    if ((counted & identity_bit(which)) != 0) {
      keys[static_cast<std::size_t>(which)].push_back(make_key(rec, kind));
    }
  };
  add(identity::fen, core::key_kind::full);
  add(identity::position, core::key_kind::position);
  if ((counted & identity_bit(identity::board_side_castling)) != 0) {
    keys[static_cast<std::size_t>(identity::board_side_castling)].push_back(
        make_key(without_legal_ep(rec), core::key_kind::position));
  }
  add(identity::board_side, core::key_kind::board);
  add(identity::placement, core::key_kind::placement);
  add(identity::mirror, core::key_kind::mirror);
}

}  // namespace fenbatch::pipeline::detail
