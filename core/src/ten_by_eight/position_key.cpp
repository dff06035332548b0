// The 10x8 dedupe key: core's key (core/src/hash/position_key.cpp) on 128-bit boards. Like
// that file, and only it, this one includes xxHash: the key of each board type sits beside
// the board's other code.

#include "fenbatch/core/ten_by_eight/position_key.hpp"

#include <array>

#include "../hash/other_key_kinds.hpp"

// Inline XXH3 so the input hashes without a call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fenbatch::core::ten_by_eight {
namespace {

// Encoding, as 64-bit words (each board low half first): the eight piece-type boards, the
// white pieces (black is occupied ^ white), and one word of state: side (bit 0), white and
// black castling rook files as 10-bit file sets (bits 8-17, 18-27), legal ep square (bits
// 32-38, 80 = none). `full` appends one word of counters; `board` leaves castling and ep out;
// `placement` hashes the boards alone. Every canonical line maps to exactly one encoding and
// back.
template <key_kind Kind>
position_key hash_position(const position& pos, square legal_ep) noexcept {
  constexpr std::size_t board_words = 2 * (piece_type_count + 1);
  constexpr std::size_t hashed_words =
      board_words + (Kind == key_kind::placement ? 0 : (Kind == key_kind::full ? 2 : 1));
  std::array<std::uint64_t, board_words + 2> words{};
  const auto put_board = [&words](std::size_t at, bitboard b) {
    words[2 * at] = static_cast<std::uint64_t>(b);
    words[2 * at + 1] = static_cast<std::uint64_t>(b >> 64);
  };
  for (std::size_t t = 0; t < pos.by_type.size(); ++t) put_board(t, pos.by_type[t]);
  put_board(piece_type_count, pos.pieces(color::white));
  std::uint64_t state = pos.side_to_move == color::white ? 0 : 1;
  if constexpr (Kind != key_kind::board) {
    constexpr bitboard file_set = 0x3FF;
    const auto white_files = static_cast<std::uint64_t>(pos.castling_rooks_of(color::white));
    const auto black_files = static_cast<std::uint64_t>(
        pos.castling_rooks_of(color::black) >> (file_count * (rank_count - 1)) & file_set);
    state |= white_files << 8 | black_files << 18;
    state |= static_cast<std::uint64_t>(to_index(legal_ep)) << 32;
  }
  words[board_words] = state;
  if constexpr (Kind == key_kind::full) {
    words[board_words + 1] = (std::uint64_t{pos.halfmove_clock} << 32) | pos.fullmove_number;
  }
  // A constant length: XXH3 then drops its branches on the length.
  const XXH128_hash_t h = XXH3_128bits(words.data(), hashed_words * sizeof(std::uint64_t));
  // The top bit tells the board: 1 here, 0 for every 8x8 key (core::make_key).
  return {h.low64, h.high64 | (std::uint64_t{1} << 63)};
}

// Ranks mirrored: rank r's ten bits move to rank 7 - r.
constexpr bitboard flip_ranks(bitboard b) noexcept {
  constexpr bitboard rank_set = 0x3FF;
  bitboard flipped = 0;
  for (int rank = 0; rank < rank_count; ++rank) {
    flipped |= (b >> (file_count * rank) & rank_set) << (file_count * (rank_count - 1 - rank));
  }
  return flipped;
}

}  // namespace

position_key make_key(const record& rec, key_kind kind) noexcept {
  if (kind == key_kind::position) return hash_position<key_kind::position>(rec.pos, rec.legal_ep);
  return core::detail::other_kind_key(
      rec, kind,
      [](auto tag, const position& pos, square legal_ep) {
        return hash_position<decltype(tag)::value>(pos, legal_ep);
      },
      flip_ranks);
}

}  // namespace fenbatch::core::ten_by_eight
