// make_key for every kind but `position`, on either board. The default kind is hashed by each
// board's make_key itself, on the per-line hot path, behind one test of the kind; the others
// come here, out of that path (position_key.cpp of each board).
#pragma once

#include <type_traits>

#include "fenbatch/core/position_key.hpp"
#include "mirrored_position.hpp"

namespace fenbatch::core::detail {

template <key_kind Kind>
using kind_tag = std::integral_constant<key_kind, Kind>;

// `hash(kind_tag<K>{}, pos, legal_ep)` hashes a position's encoding under kind K; `flip_ranks`
// mirrors one of the board's bitboards (mirrored_position.hpp).
template <class Record, class HashPosition, class FlipRanks>
[[nodiscard]] position_key other_kind_key(const Record& rec, key_kind kind, HashPosition hash,
                                          FlipRanks flip_ranks) noexcept {
  switch (kind) {
    case key_kind::full: return hash(kind_tag<key_kind::full>{}, rec.pos, rec.legal_ep);
    case key_kind::board: return hash(kind_tag<key_kind::board>{}, rec.pos, rec.legal_ep);
    case key_kind::placement: return hash(kind_tag<key_kind::placement>{}, rec.pos, rec.legal_ep);
    case key_kind::mirror:
      // Of a position and its twin exactly one has White to move: its position key is the
      // pair's key. No comparison, one hash, and the key space of `position` keys.
      if (rec.pos.side_to_move == color::white) break;
      return hash(kind_tag<key_kind::position>{}, mirrored(rec.pos, flip_ranks),
                  mirrored_square<decltype(rec.pos)>(rec.legal_ep, flip_ranks));
    case key_kind::position: break;
  }
  return hash(kind_tag<key_kind::position>{}, rec.pos, rec.legal_ep);
}

}  // namespace fenbatch::core::detail
