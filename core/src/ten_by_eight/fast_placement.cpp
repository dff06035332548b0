// The 10x8 placement's fast path: one branch-free pass over a well-formed strict placement, as
// the 8x8 scalar kernel (../simd/scalar.cpp) does on eight files. Anything off (a bad byte, a
// wrong width, two counts in a row, a '0' outside "10") returns nullptr and leaves the position
// untouched; the precise reader (placement.cpp) then finds the reason and column. The
// differential test and the fuzz target hold the two to the same results.

#include <array>
#include <cstdint>
#include <string_view>

#include "line_reader.hpp"

namespace fenbatch::core::ten_by_eight::detail {
namespace {

// One table entry per byte:
//   bits 0-7    piece slot 0..15 (colour * 8 + type), 16 for a byte that places no piece
//   bits 8-15   signed change of the next square: +1 piece, +n count, +9 for the '0' of
//               "10" (its '1' gave one), -20 slash (the next rank starts 20 squares below
//               the square after a full rank)
//   bits 16-22  flags
constexpr std::uint32_t no_piece = 16;
constexpr unsigned count_shift = 16;       // a count that may not follow a count
constexpr unsigned ends_count_shift = 17;  // a count may not follow this byte
constexpr std::uint32_t slash_flag = 1U << 18;
constexpr std::uint32_t invalid_flag = 1U << 19;
constexpr std::uint32_t end_flag = 1U << 20;
constexpr unsigned one_shift = 21;   // a '1', which a '0' may follow
constexpr unsigned zero_shift = 22;  // a '0', valid only after a '1'

constexpr std::uint32_t entry(std::uint32_t slot, int delta, std::uint32_t flags) {
  return slot | (static_cast<std::uint32_t>(static_cast<std::uint8_t>(delta)) << 8) | flags;
}

constexpr auto table = [] {
  std::array<std::uint32_t, 256> t{};
  for (auto& e : t) e = entry(no_piece, 0, invalid_flag);
  constexpr std::string_view pieces = "PNBRQKACpnbrqkac";  // piece_type order, white then black
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    t[static_cast<std::uint8_t>(pieces[i])] = entry(static_cast<std::uint32_t>(i), 1, 0);
  }
  for (int d = 1; d <= 9; ++d) {
    t[static_cast<std::size_t>('0' + d)] =
        entry(no_piece, d, 1U << count_shift | 1U << ends_count_shift);
  }
  t['1'] |= 1U << one_shift;
  t['0'] = entry(no_piece, 9, 1U << ends_count_shift | 1U << zero_shift);
  t['/'] = entry(no_piece, -20, slash_flag);
  t[' '] = entry(no_piece, 0, end_flag);
  t['\t'] = entry(no_piece, 0, end_flag);
  return t;
}();

// Square bits for any index a malformed placement can reach (masked to 0..127); those past
// the board are never used, since such a placement is refused.
constexpr auto square_bits = [] {
  std::array<bitboard, 128> t{};
  for (int s = 0; s < square_count; ++s) t[static_cast<std::size_t>(s)] = square_bb(square_at(s));
  return t;
}();

}  // namespace

const char* fast_placement(const char* p, const char* end, position& pos) noexcept {
  std::array<bitboard, 17> boards{};  // 16 piece slots; slot 16 absorbs counts and slashes
  int square = 70;                    // next square to fill: a8, b8, ..., j8, a7, ...
  int rank_shift = 0;                 // 10 * slashes seen
  std::uint32_t seen = 0;             // OR of all entries: any invalid byte
  std::uint32_t bad_counts = 0;       // two counts in a row, or a '0' not after a '1'
  int bad_width = 0;                  // nonzero: a slash after a rank of other than 10 squares
  std::uint32_t previous = 0;
  for (; p != end; ++p) {
    const std::uint32_t e = table[static_cast<std::uint8_t>(*p)];
    if ((e & end_flag) != 0) break;
    boards[e & 0xFF] |= square_bits[static_cast<std::size_t>(square & 127)];
    // A full rank leaves `square` at 80 - rank_shift; anything else there is a width error.
    const int slash_mask = -static_cast<int>((e >> 18) & 1);
    bad_width |= slash_mask & ((square + rank_shift) ^ 80);
    rank_shift += slash_mask & 10;
    square += static_cast<std::int8_t>(e >> 8);
    bad_counts |= (e >> count_shift) & (previous >> ends_count_shift) & 1;
    bad_counts |= (e >> zero_shift) & ~(previous >> one_shift) & 1;
    previous = e;
    seen |= e;
  }
  if ((seen & invalid_flag) != 0 || bad_counts != 0 || bad_width != 0 || rank_shift != 70 ||
      square != 10) {
    return nullptr;
  }
  for (std::size_t t = 0; t < piece_type_count; ++t) {
    pos.by_color[0] |= boards[t];
    pos.by_color[1] |= boards[t + 8];
    pos.by_type[t] |= boards[t] | boards[t + 8];
  }
  return p;
}

}  // namespace fenbatch::core::ten_by_eight::detail
