// The 10x8 placement with AVX-512 (BW, VBMI, VBMI2) and BMI2: the field (at most 87 bytes) in
// two 64-byte vectors and its byte classes in 128-bit masks, no loop or branch per byte or per
// piece (placement_kernels.hpp has the contract; fast_placement.cpp the SSE kernel it replaces,
// whose 16-byte blocks, piece scatter and bit-plane gather cost about 1,100 instructions).
//   1. One 64-entry lookup (by the low six bits) gives a piece letter's mailbox code; compares
//      give digits, '0', '1' and slashes as masks, whose shifts check the counts.
//   2. Prefix sums of the squares each byte covers give the square it starts on (reading
//      order, slashes not counted); the slashes' starts, compressed, must be 10, 20, ... 70,
//      and the total 80.
//   3. Each board square finds the last byte starting at or before it: from its rank's first
//      byte (after the slash before the rank, compressed out of the slash mask) a binary search
//      of four steps (a rank has at most ten bytes) over the starts (two-table permutes). That
//      byte's code (0 unless a piece, which covers one square) is the square's mailbox byte.
//      One compare per piece type makes its bitboard. (A search over all 128 starts took
//      seven steps: 47% of the core path's time against 41% now, perf. Nine lookups at once
//      instead of the four dependent steps were slower: the kernel is bound by its uops.)

#include <immintrin.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../simd/vector_kernels.hpp"
#include "placement_kernels.hpp"

namespace fenbatch::core::ten_by_eight::detail {
namespace {

constexpr std::uint64_t longest_placement = 87;   // "1p1p1p1p1p" eight times and 7 slashes
constexpr std::uint64_t shortest_placement = 23;  // "k9/10/10/10/10/10/10/9K"
constexpr std::uint8_t piece_code = 0x80;         // mailbox code: 0x80 | colour << 3 | type
constexpr std::uint8_t black_code = 0x08;

using vector_table = std::array<std::uint8_t, 64>;

// Piece letters by their low six bits (both letter rows, 0x40-0x7F, map one to one).
constexpr vector_table letter_codes = [] {
  vector_table t{};
  constexpr std::string_view pieces = "PNBRQKACpnbrqkac";  // piece_type order, white then black
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    t[static_cast<std::uint8_t>(pieces[i]) & 0x3F] = static_cast<std::uint8_t>(piece_code | i);
  }
  return t;
}();

// For each board square (a1 = 0), its place in reading order (a8 first); 0 past the board.
constexpr std::array<vector_table, 2> reading_square = [] {
  std::array<vector_table, 2> t{};
  for (int b = 0; b < square_count; ++b) {
    const int s = (rank_count - 1 - b / file_count) * file_count + b % file_count;
    t[static_cast<std::size_t>(b / 64)][static_cast<std::size_t>(b % 64)] =
        static_cast<std::uint8_t>(s);
  }
  return t;
}();

// For each board square, the slash before its rank in reading order (0 for the first rank,
// which none is before; below_first_rank marks the others).
constexpr std::array<vector_table, 2> slash_before = [] {
  std::array<vector_table, 2> t{};
  for (int b = 0; b < square_count; ++b) {
    const int k = rank_count - 1 - b / file_count;
    t[static_cast<std::size_t>(b / 64)][static_cast<std::size_t>(b % 64)] =
        static_cast<std::uint8_t>(k == 0 ? 0 : k - 1);
  }
  return t;
}();
constexpr std::array<std::uint64_t, 2> below_first_rank = [] {
  std::array<std::uint64_t, 2> m{};
  for (int b = 0; b < (rank_count - 1) * file_count; ++b) {
    m[static_cast<std::size_t>(b / 64)] |= std::uint64_t{1} << (b % 64);
  }
  return m;
}();

constexpr vector_table iota = [] {
  vector_table t{};
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<std::uint8_t>(i);
  return t;
}();
// Each byte's index plus one, in the first and the second vector.
constexpr std::array<vector_table, 2> next_index = [] {
  std::array<vector_table, 2> t{};
  for (std::size_t i = 0; i < 128; ++i) t[i / 64][i % 64] = static_cast<std::uint8_t>(i + 1);
  return t;
}();

// The slashes' starts in a well-formed placement.
constexpr vector_table rank_starts = [] {
  vector_table t{};
  for (std::size_t i = 0; i + 1 < rank_count; ++i) t[i] = static_cast<std::uint8_t>(10 * (i + 1));
  return t;
}();

__m512i load(const vector_table& t) noexcept {
  return _mm512_loadu_si512(t.data());
}
__m512i splat(int byte) noexcept {
  return _mm512_set1_epi8(static_cast<char>(byte));
}
// The maskz forms with every byte: GCC 12's unmasked ones trip -Wmaybe-uninitialized.
constexpr __mmask64 all_bytes = ~std::uint64_t{0};
__m512i permute_bytes(__m512i index, __m512i x) noexcept {
  return _mm512_maskz_permutexvar_epi8(all_bytes, index, x);
}
__m512i permute_bytes(__m512i low, __m512i index, __m512i high) noexcept {
  return _mm512_maskz_permutex2var_epi8(all_bytes, low, index, high);
}
std::uint64_t sum_of_bytes(__m512i a, __m512i b) noexcept {
  alignas(64) std::array<std::uint64_t, 8> sums;
  _mm512_store_si512(sums.data(), _mm512_add_epi64(_mm512_sad_epu8(a, _mm512_setzero_si512()),
                                                   _mm512_sad_epu8(b, _mm512_setzero_si512())));
  std::uint64_t total = 0;
  for (const std::uint64_t s : sums) total += s;
  return total;
}

__extension__ using mask128 = unsigned __int128;
mask128 join(__mmask64 low, __mmask64 high) noexcept {
  return mask128{high} << 64 | low;
}

// Bytewise inclusive prefix sums over the vector (wrapping; the caller rules a wrap out).
__m512i prefix_sum(__m512i v) noexcept {
  const __m512i index = load(iota);
  for (int k = 1; k < 64; k *= 2) {
    const __m512i shifted =
        _mm512_maskz_permutexvar_epi8(~std::uint64_t{0} << k, _mm512_sub_epi8(index, splat(k)), v);
    v = _mm512_add_epi8(v, shifted);
  }
  return v;
}

// One vector's bytes of the field (`field` marks them), classified.
struct classes {
  __mmask64 piece, digit, zero, one, slash;
  __m512i code;   // mailbox code of a piece byte, 0 for any other
  __m512i width;  // squares covered: a piece 1, a count its value, the '0' of "10" 9
};

classes classify(__m512i v, __mmask64 field) noexcept {
  classes c;
  const __m512i letter = permute_bytes(_mm512_and_si512(v, splat(0x3F)), load(letter_codes));
  const __mmask64 letter_row =
      _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, splat(0xC0)), splat(0x40));
  c.piece = _mm512_mask_test_epi8_mask(letter_row & field, letter, letter);
  const __m512i value = _mm512_sub_epi8(v, splat('0'));
  c.digit = _mm512_mask_cmple_epu8_mask(field, value, splat(9));
  c.zero = _mm512_mask_cmpeq_epi8_mask(field, v, splat('0'));
  c.one = _mm512_mask_cmpeq_epi8_mask(field, v, splat('1'));
  c.slash = _mm512_mask_cmpeq_epi8_mask(field, v, splat('/'));
  c.code = _mm512_maskz_mov_epi8(c.piece, letter);
  __m512i width = _mm512_maskz_mov_epi8(c.digit, value);
  width = _mm512_mask_mov_epi8(width, c.zero, splat(9));
  c.width = _mm512_mask_mov_epi8(width, c.piece, splat(1));
  return c;
}

// A byte of the field that is no piece, count or slash; two counts in a row unless "10"; a
// '0' not after a '1' (the byte before the field counts as nothing).
bool bytes_well_formed(const classes (&c)[2], mask128 field) noexcept {
  const mask128 piece = join(c[0].piece, c[1].piece);
  const mask128 digit = join(c[0].digit, c[1].digit);
  const mask128 zero = join(c[0].zero, c[1].zero);
  const mask128 one = join(c[0].one, c[1].one);
  const mask128 slash = join(c[0].slash, c[1].slash);
  const mask128 bad =
      (field & ~(piece | digit | slash)) | (digit & (digit << 1) & ~zero) | (zero & ~(one << 1));
  return bad == 0;
}

// The end of the placement at p: its first blank, or the line's end; nullptr-worthy lengths
// (over longest_placement) are the caller's to refuse. Reads no byte past `end`.
struct loaded {
  __m512i text[2];
  std::uint64_t length;
};

loaded load_placement(const char* p, std::uint64_t n) noexcept {
  loaded l;
  const std::uint64_t in_window = n < longest_placement + 1 ? n : longest_placement + 1;
  const __mmask64 m0 = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(in_window));
  const __mmask64 m1 =
      in_window > 64 ? _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(in_window - 64)) : 0;
  if (simd::vector_kernels::always_copy) {  // (sanitizers: see there)
    alignas(64) std::array<char, 128> padded{};
    std::memcpy(padded.data(), p, in_window);
    l.text[0] = _mm512_maskz_loadu_epi8(m0, padded.data());
    l.text[1] = _mm512_maskz_loadu_epi8(m1, padded.data() + 64);
  } else {  // masked-off bytes are never read, so none past the line
    l.text[0] = _mm512_maskz_loadu_epi8(m0, p);
    // (p + 64 only where the line reaches it: a pointer past an object's end is not formed)
    l.text[1] = _mm512_maskz_loadu_epi8(m1, m1 != 0 ? p + 64 : p);
  }
  const auto blanks = [](__m512i v, __mmask64 m) {
    return _mm512_mask_cmpeq_epi8_mask(m, v, splat(' ')) |
           _mm512_mask_cmpeq_epi8_mask(m, v, splat('\t'));
  };
  const __mmask64 b0 = blanks(l.text[0], m0);
  const __mmask64 b1 = blanks(l.text[1], m1);
  l.length = b0 != 0   ? static_cast<std::uint64_t>(__builtin_ctzll(b0))
             : b1 != 0 ? 64 + static_cast<std::uint64_t>(__builtin_ctzll(b1))
                       : in_window;
  return l;
}

// The bytes of two vectors at the slashes, in order (`slashes_low` of them in the first).
__m512i at_slashes(const classes (&c)[2], unsigned slashes_low, __m512i low,
                   __m512i high) noexcept {
  return _mm512_or_si512(_mm512_maskz_compress_epi8(c[0].slash, low),
                         _mm512_maskz_expand_epi8(~std::uint64_t{0} << slashes_low,
                                                  _mm512_maskz_compress_epi8(c[1].slash, high)));
}

// The mailbox bytes of 64 board squares (half `h` of the board) whose reading-order places
// are `squares`: the code of the last byte whose start is at or before each, searched from the
// first byte of its rank (`rank_firsts`: the byte after each slash).
__m512i mailbox(std::size_t h, __m512i rank_firsts, const __m512i (&starts)[2],
                const __m512i (&codes)[2]) noexcept {
  const __m512i squares = load(reading_square[h]);
  __m512i index =
      _mm512_maskz_permutexvar_epi8(below_first_rank[h], load(slash_before[h]), rank_firsts);
  for (int step = 8; step >= 1; step /= 2) {
    const __m512i candidate = _mm512_add_epi8(index, splat(step));
    const __m512i start = permute_bytes(starts[0], candidate, starts[1]);
    index = _mm512_mask_mov_epi8(index, _mm512_cmple_epu8_mask(start, squares), candidate);
  }
  return permute_bytes(codes[0], index, codes[1]);
}

}  // namespace

const char* avx512_placement(const char* p, const char* end, position& pos) noexcept {
  const auto n = static_cast<std::uint64_t>(end - p);
  if (n < shortest_placement) return nullptr;
  const loaded l = load_placement(p, n);
  if (l.length > longest_placement) return nullptr;
  const __mmask64 field[2] = {
      _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(l.length)),
      l.length > 64 ? _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(l.length - 64)) : 0};
  // (Most placements end within the first vector: the second is then empty, and not read.)
  const classes c[2] = {classify(l.text[0], field[0]),
                        field[1] != 0 ? classify(l.text[1], field[1]) : classes{}};
  if (!bytes_well_formed(c, join(field[0], field[1]))) return nullptr;

  // A total of 80 (summed exactly) means no prefix sum wrapped.
  if (sum_of_bytes(c[0].width, c[1].width) != square_count) return nullptr;
  const __m512i covered_low = prefix_sum(c[0].width);  // through each byte
  const __m512i carry = permute_bytes(splat(63), covered_low);
  const __m512i covered_high =
      field[1] != 0 ? _mm512_add_epi8(prefix_sum(c[1].width), carry) : carry;
  const __m512i start_low = _mm512_sub_epi8(covered_low, c[0].width);
  const __m512i start_high = _mm512_sub_epi8(covered_high, c[1].width);

  // Seven slashes, the k-th after 10k squares: with the total, every rank covers ten.
  const auto slashes_low = static_cast<unsigned>(__builtin_popcountll(c[0].slash));
  if (slashes_low + static_cast<unsigned>(__builtin_popcountll(c[1].slash)) != rank_count - 1) {
    return nullptr;
  }
  const __m512i slash_starts = at_slashes(c, slashes_low, start_low, start_high);
  if ((_mm512_cmpeq_epi8_mask(slash_starts, load(rank_starts)) & 0x7F) != 0x7F) return nullptr;

  const __m512i rank_firsts = at_slashes(c, slashes_low, load(next_index[0]), load(next_index[1]));
  const __m512i none = splat(0xFF);
  const __m512i starts[2] = {_mm512_mask_mov_epi8(none, field[0], start_low),
                             _mm512_mask_mov_epi8(none, field[1], start_high)};
  const __m512i codes[2] = {c[0].code, c[1].code};
  const __m512i board[2] = {mailbox(0, rank_firsts, starts, codes),
                            mailbox(1, rank_firsts, starts, codes)};
  constexpr __mmask64 on_board[2] = {~std::uint64_t{0}, (std::uint64_t{1} << 16) - 1};
  const auto planes = [&board, &on_board](auto&& mask_of) {
    return bitboard{mask_of(board[1]) & on_board[1]} << 64 | mask_of(board[0]);
  };
  const bitboard black =
      planes([](__m512i v) { return _mm512_test_epi8_mask(v, splat(black_code)); });
  const bitboard occupied =
      planes([](__m512i v) { return _mm512_test_epi8_mask(v, splat(piece_code)); });
  pos.by_color[0] |= occupied & ~black;
  pos.by_color[1] |= black;
  for (int t = 0; t < piece_type_count; ++t) {
    pos.by_type[static_cast<std::size_t>(t)] |= planes([t](__m512i v) {
      return _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, splat(~black_code & 0xFF)),
                                    splat(piece_code | t));
    });
  }
  return p + l.length;
}

}  // namespace fenbatch::core::ten_by_eight::detail
