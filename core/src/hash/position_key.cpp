#include "fenbatch/core/position_key.hpp"

#include <array>

#include "other_key_kinds.hpp"

// Inline XXH3 so the 64-byte input hashes without a call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fenbatch::core {
namespace {

// Encoding: the six piece-type boards, the white pieces (black is occupied ^ white), and one
// word of state: side (bit 0), white and black castling rook files (bits 8-15, 16-23), legal
// ep square (bits 24-30, 64 = none). `full` appends one word of counters; `board` leaves
// castling and ep out of the state; `placement` hashes the boards alone. Every canonical line
// maps to exactly one encoding and back.
template <key_kind Kind>
[[gnu::always_inline]] inline position_key hash_position(const position& pos,
                                                         square legal_ep) noexcept {
  constexpr std::size_t hashed_words =
      Kind == key_kind::placement ? 7 : (Kind == key_kind::full ? 9 : 8);
  std::array<std::uint64_t, 9> words{};
  for (std::size_t t = 0; t < pos.by_type.size(); ++t) words[t] = pos.by_type[t];
  words[6] = pos.pieces(color::white);
  std::uint64_t state = pos.side_to_move == color::white ? 0 : 1;
  if constexpr (Kind != key_kind::board) {
    state |= (pos.castling_rooks & 0xFF) << 8;
    state |= (pos.castling_rooks >> 56) << 16;
    state |= static_cast<std::uint64_t>(to_index(legal_ep)) << 24;
  }
  words[7] = state;
  if constexpr (Kind == key_kind::full) {
    words[8] = (std::uint64_t{pos.halfmove_clock} << 32) | pos.fullmove_number;
  }
  // A constant length: XXH3 then drops its branches on the length.
  const XXH128_hash_t h = XXH3_128bits(words.data(), hashed_words * sizeof(std::uint64_t));
  // The top bit tells the board: 0 here, 1 for every 10x8 key (ten_by_eight/position_key.hpp).
  return {h.low64, h.high64 & ~(std::uint64_t{1} << 63)};
}

// Ranks mirrored: a1 <-> a8 is the byte order reversed.
constexpr bitboard flip_ranks(bitboard b) noexcept {
  return __builtin_bswap64(b);
}

[[gnu::noinline]] position_key other_kind_key(const record& rec, key_kind kind) noexcept {
  return detail::other_kind_key(
      rec, kind,
      [](auto tag, const position& pos, square legal_ep) {
        return hash_position<decltype(tag)::value>(pos, legal_ep);
      },
      flip_ranks);
}

}  // namespace

position_key make_key(const record& rec, key_kind kind) noexcept {
  if (kind == key_kind::position) [[likely]] {
    return hash_position<key_kind::position>(rec.pos, rec.legal_ep);
  }
  return other_kind_key(rec, kind);
}

}  // namespace fenbatch::core
