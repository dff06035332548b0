#include "fenbatch/core/position_key.hpp"

#include <array>

// Inline XXH3 so the 64-byte input hashes without a call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fenbatch::core {

// Encoding: the six piece-type boards, the white pieces (black is occupied ^ white), and one
// word of state: side (bit 0), white and black castling rook files (bits 8-15, 16-23), legal
// ep square (bits 24-30, 64 = none). `full` appends one word of counters. Every canonical
// line maps to exactly one encoding and back.
position_key make_key(const record& rec, key_kind kind) noexcept {
  const position& pos = rec.pos;
  std::array<std::uint64_t, 9> words{};
  for (std::size_t t = 0; t < pos.by_type.size(); ++t) words[t] = pos.by_type[t];
  words[6] = pos.pieces(color::white);
  std::uint64_t state = pos.side_to_move == color::white ? 0 : 1;
  if (kind != key_kind::board) {
    state |= (pos.castling_rooks & 0xFF) << 8;
    state |= (pos.castling_rooks >> 56) << 16;
    state |= static_cast<std::uint64_t>(to_index(rec.legal_ep)) << 24;
  }
  words[7] = state;
  // Each call with a constant length: XXH3 then drops its branches on the length.
  XXH128_hash_t h;
  if (kind == key_kind::full) {
    words[8] = (std::uint64_t{pos.halfmove_clock} << 32) | pos.fullmove_number;
    h = XXH3_128bits(words.data(), 9 * sizeof(std::uint64_t));
  } else {
    h = XXH3_128bits(words.data(), 8 * sizeof(std::uint64_t));
  }
  // The top bit tells the board: 0 here, 1 for every 10x8 key (ten_by_eight/position_key.hpp).
  return {h.low64, h.high64 & ~(std::uint64_t{1} << 63)};
}

}  // namespace fenbatch::core
