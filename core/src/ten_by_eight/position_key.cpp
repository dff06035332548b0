// The 10x8 dedupe key: core's key (core/src/hash/position_key.cpp) on 128-bit boards. Like
// that file, and only it, this one includes xxHash: the key of each board type sits beside
// the board's other code.

#include "fenbatch/core/ten_by_eight/position_key.hpp"

#include <array>

// Inline XXH3 so the input hashes without a call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fenbatch::core::ten_by_eight {

// Encoding, as 64-bit words (each board low half first): the eight piece-type boards, the
// white pieces (black is occupied ^ white), and one word of state: side (bit 0), white and
// black castling rook files as 10-bit file sets (bits 8-17, 18-27), legal ep square (bits
// 32-38, 80 = none). `full` appends one word of counters; `board` leaves castling and ep out.
// Every canonical line maps to exactly one encoding and back.
position_key make_key(const record& rec, key_kind kind) noexcept {
  const position& pos = rec.pos;
  constexpr std::size_t board_words = 2 * (piece_type_count + 1);
  std::array<std::uint64_t, board_words + 2> words{};
  const auto put_board = [&words](std::size_t at, bitboard b) {
    words[2 * at] = static_cast<std::uint64_t>(b);
    words[2 * at + 1] = static_cast<std::uint64_t>(b >> 64);
  };
  for (std::size_t t = 0; t < pos.by_type.size(); ++t) put_board(t, pos.by_type[t]);
  put_board(piece_type_count, pos.pieces(color::white));
  std::uint64_t state = pos.side_to_move == color::white ? 0 : 1;
  if (kind != key_kind::board) {
    constexpr bitboard file_set = 0x3FF;
    const auto white_files = static_cast<std::uint64_t>(pos.castling_rooks_of(color::white));
    const auto black_files = static_cast<std::uint64_t>(
        pos.castling_rooks_of(color::black) >> (file_count * (rank_count - 1)) & file_set);
    state |= white_files << 8 | black_files << 18;
    state |= static_cast<std::uint64_t>(to_index(rec.legal_ep)) << 32;
  }
  words[board_words] = state;
  // Each call with a constant length: XXH3 then drops its branches on the length.
  XXH128_hash_t h;
  if (kind == key_kind::full) {
    words[board_words + 1] = (std::uint64_t{pos.halfmove_clock} << 32) | pos.fullmove_number;
    h = XXH3_128bits(words.data(), (board_words + 2) * sizeof(std::uint64_t));
  } else {
    h = XXH3_128bits(words.data(), (board_words + 1) * sizeof(std::uint64_t));
  }
  // The top bit tells the board: 1 here, 0 for every 8x8 key (core::make_key).
  return {h.low64, h.high64 | (std::uint64_t{1} << 63)};
}

}  // namespace fenbatch::core::ten_by_eight
