// The scalar implementation, for any CPU: a branch-free placement kernel plugged into the
// decoder every implementation shares (core/src/decoder/decode_with.hpp), as avx2.cpp and
// avx512.cpp plug in theirs. Like theirs, its results are the precise parser's bit for bit.

#include <array>
#include <cstdint>
#include <string_view>

#include "../decoder/decode_with.hpp"
#include "kernels.hpp"

namespace fenbatch::core::simd::scalar {
namespace {

// The branch-free placement scan: one table entry per byte. A FEN's placement mixes pieces,
// digits and slashes unpredictably, so branching per byte costs a misprediction every few
// bytes; this loop instead accumulates error flags and leaves any problem to the precise
// parser, which then finds the reason and column.
//   bits 0-7    piece slot 0..11 (colour * 6 + type), 12 for a byte that places no piece
//   bits 8-15   signed change of the next square: +1 piece, +n digit, -16 slash (the next
//               rank starts 16 squares below the square after a full rank)
//   bits 16-23  flags: digit, slash, invalid in a placement, end of the field
constexpr std::uint32_t fast_no_piece = 12;
constexpr std::uint32_t fast_digit = 1U << 16;
constexpr std::uint32_t fast_slash = 1U << 17;
constexpr std::uint32_t fast_invalid = 1U << 18;
constexpr std::uint32_t fast_end = 1U << 19;

constexpr std::uint32_t fast_entry(std::uint32_t slot, int delta, std::uint32_t flags) {
  return slot | (static_cast<std::uint32_t>(static_cast<std::uint8_t>(delta)) << 8) | flags;
}

constexpr auto make_fast_placement_table() {
  std::array<std::uint32_t, 256> t{};
  for (auto& e : t) e = fast_entry(fast_no_piece, 0, fast_invalid);
  constexpr std::string_view pieces = "PNBRQKpnbrqk";
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    t[static_cast<std::uint8_t>(pieces[i])] = fast_entry(static_cast<std::uint32_t>(i), 1, 0);
  }
  for (int d = 1; d <= 8; ++d) {
    t[static_cast<std::size_t>('0' + d)] = fast_entry(fast_no_piece, d, fast_digit);
  }
  t['/'] = fast_entry(fast_no_piece, -16, fast_slash);
  t[' '] = fast_entry(fast_no_piece, 0, fast_end);
  t['\t'] = fast_entry(fast_no_piece, 0, fast_end);
  return t;
}
constexpr auto fast_placement_table = make_fast_placement_table();

// Decodes a well-formed strict placement at p into pos and returns the end of the field, or
// nullptr if anything is off (pos is then untouched).
const char* scalar_placement(const char* p, const char* end, position& pos) noexcept {
  std::array<bitboard, 13> boards{};  // 12 piece slots; slot 12 absorbs digits and slashes
  int square = 56;                    // next square to fill: a8, b8, ..., h8, a7, ...
  int rank_shift = 0;                 // 8 * slashes seen
  std::uint32_t seen = 0;             // OR of all entries: any invalid byte
  std::uint32_t digit_runs = 0;       // a digit right after a digit
  int bad_width = 0;                  // nonzero: a slash after a rank of other than 8 squares
  std::uint32_t previous = 0;
  for (; p != end; ++p) {
    const std::uint32_t e = fast_placement_table[static_cast<std::uint8_t>(*p)];
    if ((e & fast_end) != 0) break;
    boards[e & 0xFF] |= bitboard{1} << (square & 63);
    // A full rank leaves `square` at 64 - rank_shift; anything else there is a width error.
    const int slash_mask = -static_cast<int>((e >> 17) & 1);
    bad_width |= slash_mask & ((square + rank_shift) ^ 64);
    rank_shift += slash_mask & 8;
    square += static_cast<std::int8_t>(e >> 8);
    digit_runs |= e & previous;
    previous = e;
    seen |= e;
  }
  if (((seen & fast_invalid) | (digit_runs & fast_digit)) != 0 || bad_width != 0 ||
      rank_shift != 56 || square != 8) {
    return nullptr;
  }
  for (std::size_t t = 0; t < piece_type_count; ++t) {
    pos.by_color[0] |= boards[t];
    pos.by_color[1] |= boards[t + 6];
    pos.by_type[t] = boards[t] | boards[t + 6];
  }
  return p;
}

}  // namespace

fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept {
  return decoder::decode_with(line, options, out, &scalar_placement);
}

}  // namespace fenbatch::core::simd::scalar
