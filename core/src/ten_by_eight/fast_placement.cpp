// The 10x8 placement's fast path: one branch-free pass over a well-formed strict placement, as
// the 8x8 scalar kernel (../simd/scalar.cpp) does on eight files. Anything off (a bad byte, a
// wrong width, two counts in a row, a '0' outside "10") returns nullptr and leaves the position
// untouched; the precise reader (placement.cpp) then finds the reason and column. The
// differential test and the fuzz target hold the two to the same results.

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "line_reader.hpp"

namespace fenbatch::core::ten_by_eight::detail {
namespace {

// One table entry per byte:
//   bits 0-7    mailbox code: 0x80 | colour << 3 | type for a piece; a byte that places no
//               piece has bit 6 set, which moves its store 128 bytes up, past every square
//   bits 8-15   signed change of the next square: +1 piece, +n count, +9 for the '0' of
//               "10" (its '1' gave one), -20 slash (the next rank starts 20 squares below
//               the square after a full rank)
//   bits 16-20  what the byte is: a count 1-9, the '0' of "10", a slash, invalid, the end
//   bits 24-25  what may not follow it: a count (after a count), a '0' (after all but '1');
//               eight bits above the first two, so one shift lines them up
constexpr std::uint32_t piece_code = 0x80;
[[maybe_unused]] constexpr std::uint32_t black_code = 0x08;  // (read by the scalar gather only)
constexpr std::uint32_t type_mask = 0x07;
constexpr std::uint32_t no_piece = 0x40;
constexpr std::uint32_t count_flag = 1U << 16;
constexpr std::uint32_t zero_flag = 1U << 17;
constexpr std::uint32_t slash_flag = 1U << 18;
constexpr std::uint32_t invalid_flag = 1U << 19;
constexpr std::uint32_t end_flag = 1U << 20;
constexpr unsigned forbid_shift = 8;
constexpr std::uint32_t no_count_next = count_flag << forbid_shift;
constexpr std::uint32_t no_zero_next = zero_flag << forbid_shift;

constexpr std::uint32_t entry(std::uint32_t slot, int delta, std::uint32_t flags) {
  return slot | (static_cast<std::uint32_t>(static_cast<std::uint8_t>(delta)) << 8) | flags;
}

constexpr auto table = [] {
  std::array<std::uint32_t, 256> t{};
  for (auto& e : t) e = entry(no_piece, 0, invalid_flag);
  constexpr std::string_view pieces = "PNBRQKACpnbrqkac";  // piece_type order, white then black
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    t[static_cast<std::uint8_t>(pieces[i])] =
        entry(piece_code | static_cast<std::uint32_t>(i), 1, no_zero_next);
  }
  for (int d = 1; d <= 9; ++d) {
    t[static_cast<std::size_t>('0' + d)] =
        entry(no_piece, d, count_flag | no_count_next | no_zero_next);
  }
  t['1'] &= ~no_zero_next;
  t['0'] = entry(no_piece, 9, zero_flag | no_count_next | no_zero_next);
  t['/'] = entry(no_piece, -20, slash_flag | no_zero_next);
  t[' '] = entry(no_piece, 0, end_flag);
  t['\t'] = entry(no_piece, 0, end_flag);
  return t;
}();

// The pass stores one code byte per square (0: empty) instead of ORing a 128-bit square bit
// into a board per byte, which costs a 128-bit load and store per piece and stalls on
// store-to-load forwarding when one board repeats ("pppppppppp"). Indexes a malformed
// placement reaches are masked to 0..127; a byte placing no piece stores 128 bytes above
// that (bit 6 of its code), so it never overwrites a piece. Only squares 0..79 are read, and
// only once the placement is known well formed.
constexpr std::size_t mailbox_size = 256;
[[maybe_unused]] constexpr std::size_t board_bytes = 80;  // (the scalar gather only)

struct boards {
  bitboard occupied = 0;
  bitboard black = 0;
  std::array<bitboard, piece_type_count> by_type{};
};

#if defined(__SSE2__)
// Five 16-byte chunks; one movemask per chunk and board gives its 16 squares.
class chunked_mailbox {
 public:
  explicit chunked_mailbox(const std::uint8_t* mailbox) noexcept {
    const __m128i type_bits = _mm_set1_epi8(static_cast<char>(piece_code | type_mask));
    for (std::size_t c = 0; c < 5; ++c) {
      chunks_[c] = _mm_load_si128(reinterpret_cast<const __m128i*>(mailbox + 16 * c));
      typed_[c] = _mm_and_si128(chunks_[c], type_bits);
    }
  }
  bitboard occupied() const noexcept {
    return join([](__m128i v) { return v; }, chunks_);
  }
  bitboard black() const noexcept {  // the colour bit (3) moved up to the sign bit (7)
    return join([](__m128i v) { return _mm_slli_epi16(v, 4); }, chunks_);
  }
  bitboard of_type(std::size_t t) const noexcept {
    const __m128i code = _mm_set1_epi8(static_cast<char>(piece_code | t));
    return join([code](__m128i v) { return _mm_cmpeq_epi8(v, code); }, typed_);
  }

 private:
  template <class Select>
  static bitboard join(Select select, const __m128i (&chunks)[5]) noexcept {
    const auto mask = [&](std::size_t c) {
      return static_cast<std::uint64_t>(
          static_cast<std::uint32_t>(_mm_movemask_epi8(select(chunks[c]))));
    };
    const std::uint64_t low = mask(0) | mask(1) << 16 | mask(2) << 32 | mask(3) << 48;
    return bitboard{mask(4)} << 64 | low;
  }
  // C arrays: std::array<__m128i> drops the vector type's alignment attribute.
  __m128i chunks_[5];
  __m128i typed_[5];
};

boards gather(const std::uint8_t* mailbox) noexcept {
  const chunked_mailbox m(mailbox);
  boards out;
  out.occupied = m.occupied();
  out.black = m.black() & out.occupied;
  for (std::size_t t = 0; t < piece_type_count; ++t) out.by_type[t] = m.of_type(t);
  return out;
}
#else
boards gather(const std::uint8_t* mailbox) noexcept {
  boards out;
  for (std::size_t s = 0; s < board_bytes; ++s) {
    const std::uint32_t code = mailbox[s];
    if (code == 0) continue;
    const bitboard bit = bitboard{1} << s;
    out.occupied |= bit;
    if ((code & black_code) != 0) out.black |= bit;
    out.by_type[code & type_mask] |= bit;
  }
  return out;
}
#endif

}  // namespace

const char* fast_placement(const char* p, const char* end, position& pos) noexcept {
  alignas(16) std::array<std::uint8_t, mailbox_size> mailbox;
  std::memset(mailbox.data(), 0, 128);    // every index the pass or gather can reach below 128
  int square = 70;                        // next square to fill: a8, b8, ..., j8, a7, ...
  int rank_shift = 0;                     // 10 * slashes seen
  std::uint32_t seen = 0;                 // OR of all entries: any invalid byte
  std::uint32_t bad_counts = 0;           // two counts in a row, or a '0' not after a '1'
  int bad_width = 0;                      // nonzero: a slash after a rank of other than 10 squares
  std::uint32_t previous = no_zero_next;  // a placement may not start with '0'
  for (; p != end; ++p) {
    const std::uint32_t e = table[static_cast<std::uint8_t>(*p)];
    if ((e & end_flag) != 0) break;
    mailbox[static_cast<std::size_t>((square & 127) | ((e & no_piece) << 1))] =
        static_cast<std::uint8_t>(e);
    // A full rank leaves `square` at 80 - rank_shift; anything else there is a width error.
    const int slash_mask = -static_cast<int>((e >> 18) & 1);
    bad_width |= slash_mask & ((square + rank_shift) ^ 80);
    rank_shift += slash_mask & 10;
    square += static_cast<std::int8_t>(e >> 8);
    bad_counts |= e & (previous >> forbid_shift);  // bits below 16 are dropped at the end
    previous = e;
    seen |= e;
  }
  if ((seen & invalid_flag) != 0 || (bad_counts & (count_flag | zero_flag)) != 0 ||
      bad_width != 0 || rank_shift != 70 || square != 10) {
    return nullptr;
  }
  const boards b = gather(mailbox.data());
  pos.by_color[0] |= b.occupied & ~b.black;
  pos.by_color[1] |= b.black;
  for (std::size_t t = 0; t < piece_type_count; ++t) pos.by_type[t] |= b.by_type[t];
  return p;
}

}  // namespace fenbatch::core::ten_by_eight::detail
