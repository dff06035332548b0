// The 10x8 placement's fast path: a well-formed strict placement decoded without the precise
// reader's branches. Anything off (a bad byte, a wrong width, two counts in a row, a '0' outside
// "10") returns nullptr and leaves the position untouched; the precise reader (placement.cpp)
// then finds the reason and column. The differential test and the fuzz target hold the two to
// the same results.
//
// Where SSSE3 and SSE4.1 are there (the x86-64-v2 baseline), the placement is read sixteen bytes
// at a time (block_walk): every byte classified at once, each byte's square from prefix sums of
// the squares covered and the slashes seen, the ranks' widths checked at the slashes, and then
// one store per byte into a mailbox. The byte-at-a-time table walk (table_walk, as the 8x8
// scalar kernel ../simd/scalar.cpp does on eight files) is the fallback elsewhere; it cost 27
// instructions a byte, about 2,000 a line (callgrind, fenbatch_core_bench), 36% of the 10x8
// core path's time. Where the process decodes with the AVX-512 decoder, fast_placement calls
// the AVX-512 kernel instead (fast_placement_avx512.cpp; placement_kernels.hpp).

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSSE3__) && defined(__SSE4_1__)
#include <smmintrin.h>
#define FENBATCH_TEN_BY_EIGHT_BLOCK_WALK 1
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fenbatch/core/cpu_features.hpp"
#include "fenbatch/core/decoder_registry.hpp"
#include "line_reader.hpp"
#include "placement_kernels.hpp"

namespace fenbatch::core::ten_by_eight::detail {
namespace {

// Mailbox codes, one byte per square: 0x80 | colour << 3 | type for a piece, 0 for empty.
constexpr std::uint32_t piece_code = 0x80;
[[maybe_unused]] constexpr std::uint32_t black_code = 0x08;  // (read by the scalar gather only)
[[maybe_unused]] constexpr std::uint32_t type_mask = 0x07;   // (the scalar gather only)
[[maybe_unused]] constexpr std::size_t board_bytes = 80;     // (the scalar gather only)

struct boards {
  bitboard occupied = 0;
  bitboard black = 0;
  std::array<bitboard, piece_type_count> by_type{};
};

#if defined(__SSE2__)
// The mailbox's five 16-byte chunks as five bit planes (occupied, black, the three type bits),
// one movemask per chunk and plane; each type's board is then the planes combined. (A
// compare and movemask per chunk and type cost half as much again.)
boards gather(const std::uint8_t* mailbox) noexcept {
  std::array<std::array<std::uint64_t, 2>, 5> planes{};  // [plane][half]
  for (std::size_t c = 0; c < 5; ++c) {
    const __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(mailbox + 16 * c));
    // Each plane's bit moved up to the sign bit (bit 7) that movemask reads.
    const __m128i at_sign[5] = {v, _mm_slli_epi16(v, 4), _mm_slli_epi16(v, 7), _mm_slli_epi16(v, 6),
                                _mm_slli_epi16(v, 5)};
    for (std::size_t plane = 0; plane < 5; ++plane) {
      const auto bits = static_cast<std::uint32_t>(_mm_movemask_epi8(at_sign[plane]));
      planes[plane][c / 4] |= std::uint64_t{bits} << (16 * (c % 4));
    }
  }
  const auto board = [&planes](std::size_t plane) {
    return bitboard{planes[plane][1]} << 64 | planes[plane][0];
  };
  boards out;
  out.occupied = board(0);
  out.black = board(1) & out.occupied;
  const std::array<bitboard, 3> type_bits{board(2), board(3), board(4)};
  for (std::size_t t = 0; t < piece_type_count; ++t) {
    bitboard b = out.occupied;
    for (std::size_t bit = 0; bit < 3; ++bit)
      b &= ((t >> bit) & 1) != 0 ? type_bits[bit] : ~type_bits[bit];
    out.by_type[t] = b;
  }
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

#if defined(FENBATCH_TEN_BY_EIGHT_BLOCK_WALK)
// The longest strict placement: ten one-byte squares a rank ("1p1p1p1p1p") and seven slashes.
constexpr std::size_t longest_placement = 87;
constexpr std::size_t blocks = 6;  // the placement and its end lie within them
constexpr std::size_t window = 16 * blocks;
constexpr std::size_t shortest_placement = 23;  // "k9/10/10/10/10/10/10/9K"

__m128i splat(int byte) noexcept {
  return _mm_set1_epi8(static_cast<char>(byte));
}
__m128i last_byte_everywhere(__m128i v) noexcept {
  return _mm_shuffle_epi8(v, splat(15));
}
// Bytewise inclusive prefix sums (wrapping; the caller rules out a wrap by the total).
__m128i prefix_sum(__m128i v) noexcept {
  v = _mm_add_epi8(v, _mm_slli_si128(v, 1));
  v = _mm_add_epi8(v, _mm_slli_si128(v, 2));
  v = _mm_add_epi8(v, _mm_slli_si128(v, 4));
  return _mm_add_epi8(v, _mm_slli_si128(v, 8));
}

// One byte per placement byte: its mailbox code (0 unless a piece) and the board index of the
// first square it covers (in a well-formed placement); one bit per piece byte.
struct placed_bytes {
  alignas(16) std::array<std::uint8_t, window> codes;
  alignas(16) std::array<std::uint8_t, window> squares;
  std::array<std::uint64_t, 2> pieces{};
};

// Reads the blocks of one placement of `length` bytes; false if it is not well formed.
class block_walk {
 public:
  bool run(const __m128i (&text)[blocks], std::size_t length, placed_bytes& out) noexcept {
    for (std::size_t c = 0; 16 * c < length; ++c) {
      const __m128i in_field = _mm_cmpgt_epi8(splat(static_cast<int>(length - 16 * c)), iota());
      const __m128i piece =
          step(text[c], in_field, out.codes.data() + 16 * c, out.squares.data() + 16 * c);
      out.pieces[c / 4] |= std::uint64_t{static_cast<std::uint32_t>(_mm_movemask_epi8(piece))}
                           << (16 * (c % 4));
    }
    // A total of 80 squares means no prefix sum wrapped; with a slash at 10, 20, ... 70 squares
    // each (checked in step), every rank covers ten.
    const auto total = static_cast<std::uint64_t>(_mm_cvtsi128_si64(total_)) +
                       static_cast<std::uint64_t>(_mm_extract_epi64(total_, 1));
    return _mm_testz_si128(bad_, bad_) != 0 && total == square_count &&
           _mm_extract_epi8(slashes_, 0) == rank_count - 1;
  }

  static __m128i iota() noexcept {
    return _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  }

 private:
  // The block's piece bytes.
  __m128i step(__m128i v, __m128i in_field, std::uint8_t* codes, std::uint8_t* squares) noexcept {
    // Piece letters by their low five bits (case folded) in the two letter rows 0x40-0x7F:
    // the piece_type plus one, 0 for any other letter.
    const __m128i low_types = _mm_setr_epi8(0, 7, 3, 8, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 2, 0);
    const __m128i high_types = _mm_setr_epi8(1, 5, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m128i low5 = _mm_and_si128(v, splat(0x1F));
    const __m128i type_plus_one =
        _mm_blendv_epi8(_mm_shuffle_epi8(low_types, low5), _mm_shuffle_epi8(high_types, low5),
                        _mm_slli_epi16(low5, 3));  // bit 4 to the sign bit selects
    const __m128i letter_row = _mm_cmpeq_epi8(_mm_and_si128(v, splat(0xC0)), splat(0x40));
    const __m128i piece = _mm_andnot_si128(_mm_cmpeq_epi8(type_plus_one, _mm_setzero_si128()),
                                           _mm_and_si128(letter_row, in_field));
    const __m128i value = _mm_sub_epi8(v, splat('0'));
    const __m128i digit =
        _mm_and_si128(_mm_cmpeq_epi8(_mm_min_epu8(value, splat(9)), value), in_field);
    const __m128i zero = _mm_and_si128(_mm_cmpeq_epi8(v, splat('0')), in_field);
    const __m128i slash = _mm_and_si128(_mm_cmpeq_epi8(v, splat('/')), in_field);
    // A byte of the field that is none of these; two counts in a row unless "10"; a '0'
    // not after a '1'. (The byte before the placement counts as nothing.)
    const __m128i before = _mm_alignr_epi8(v, previous_, 15);
    const __m128i digit_before = _mm_alignr_epi8(digit, previous_digit_, 15);
    const __m128i one_before = _mm_cmpeq_epi8(before, splat('1'));
    bad_ = _mm_or_si128(
        bad_, _mm_andnot_si128(_mm_or_si128(_mm_or_si128(piece, digit), slash), in_field));
    bad_ = _mm_or_si128(bad_, _mm_andnot_si128(zero, _mm_and_si128(digit, digit_before)));
    bad_ = _mm_or_si128(bad_, _mm_andnot_si128(one_before, zero));
    previous_ = v;
    previous_digit_ = digit;

    // Squares covered: a piece 1, a count its value, the '0' of "10" 9 (its '1' gave one).
    const __m128i width =
        _mm_or_si128(_mm_or_si128(_mm_and_si128(piece, splat(1)), _mm_and_si128(zero, splat(9))),
                     _mm_andnot_si128(zero, _mm_and_si128(digit, value)));
    total_ = _mm_add_epi64(total_, _mm_sad_epu8(width, _mm_setzero_si128()));
    const __m128i covered = _mm_add_epi8(prefix_sum(width), covered_);  // through this byte
    const __m128i slashes = _mm_add_epi8(prefix_sum(_mm_and_si128(slash, splat(1))), slashes_);
    covered_ = last_byte_everywhere(covered);
    slashes_ = last_byte_everywhere(slashes);
    const __m128i before_byte = _mm_sub_epi8(covered, width);
    // The k-th slash comes after 10k squares.
    const __m128i twice = _mm_add_epi8(slashes, slashes);
    const __m128i eight_times =
        _mm_add_epi8(_mm_add_epi8(twice, twice), _mm_add_epi8(twice, twice));
    const __m128i tens = _mm_add_epi8(eight_times, twice);
    bad_ = _mm_or_si128(bad_, _mm_andnot_si128(_mm_cmpeq_epi8(before_byte, tens), slash));
    // Reading order (a8 first) to the board's index (a1 = 0): rank 7 - k, same file.
    const __m128i square =
        _mm_sub_epi8(_mm_add_epi8(before_byte, splat(70)), _mm_add_epi8(tens, tens));
    const __m128i code = _mm_or_si128(_mm_add_epi8(type_plus_one, splat(piece_code - 1)),
                                      _mm_srli_epi16(_mm_and_si128(v, splat(0x20)), 2));
    _mm_store_si128(reinterpret_cast<__m128i*>(codes), _mm_and_si128(code, piece));
    _mm_store_si128(reinterpret_cast<__m128i*>(squares), square);
    return piece;
  }

  __m128i previous_ = _mm_setzero_si128();
  __m128i previous_digit_ = _mm_setzero_si128();
  __m128i bad_ = _mm_setzero_si128();
  __m128i total_ = _mm_setzero_si128();
  __m128i covered_ = _mm_setzero_si128();
  __m128i slashes_ = _mm_setzero_si128();
};

// pshufb masks that move the last k bytes of a block to its front: 16 - k .. 15, then zeros.
constexpr auto front_masks = [] {
  std::array<std::uint8_t, 32> t{};
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = i < 16 ? static_cast<std::uint8_t>(i) : 0x80;
  return t;
}();

// Block c of the line's first `window` bytes from p (n of them, n >= 16), padded with blanks,
// loaded without reading past the line. (A copy through memory cost a store-forwarding stall
// per block, and GCC made the copy loop `rep movsq`, a fifth of the placement's time.)
__m128i line_block(const char* p, std::size_t n, std::size_t c) noexcept {
  if (16 * (c + 1) <= n) return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * c));
  if (16 * c >= n) return splat(' ');
  const std::size_t k = n - 16 * c;  // the line's last 16 bytes, the last k moved to the front
  const __m128i last = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16));
  const __m128i front = _mm_shuffle_epi8(
      last, _mm_loadu_si128(reinterpret_cast<const __m128i*>(front_masks.data() + 16 - k)));
  const __m128i beyond = _mm_cmpgt_epi8(block_walk::iota(), splat(static_cast<int>(k) - 1));
  return _mm_or_si128(front, _mm_and_si128(beyond, splat(' ')));
}

// Loads the window's blocks up to the placement's end and returns its length: bytes up to the
// first blank (or the line's end); over longest_placement when it cannot be a strict
// placement.
std::size_t load_placement(const char* p, const char* end, __m128i (&text)[blocks]) noexcept {
  const std::size_t n = std::min(static_cast<std::size_t>(end - p), window);
  if (n < shortest_placement) return window;
  for (std::size_t c = 0; c < blocks; ++c) {
    text[c] = line_block(p, n, c);
    const int blanks = _mm_movemask_epi8(
        _mm_or_si128(_mm_cmpeq_epi8(text[c], splat(' ')), _mm_cmpeq_epi8(text[c], splat('\t'))));
    if (blanks != 0)
      return 16 * c + static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(blanks)));
  }
  return window;
}

const char* walk(const char* p, const char* end, std::uint8_t* mailbox) noexcept {
  __m128i text[blocks];
  const std::size_t length = load_placement(p, end, text);
  if (length > longest_placement) return nullptr;
  placed_bytes placed;
  if (!block_walk{}.run(text, length, placed)) return nullptr;
  for (std::size_t c = 0; c < 5; ++c) {
    _mm_store_si128(reinterpret_cast<__m128i*>(mailbox + 16 * c), _mm_setzero_si128());
  }
  for (std::size_t half = 0; half < 2; ++half) {
    for (std::uint64_t m = placed.pieces[half]; m != 0; m &= m - 1) {
      const std::size_t i = 64 * half + static_cast<std::size_t>(std::countr_zero(m));
      mailbox[placed.squares[i]] = placed.codes[i];
    }
  }
  return p + length;
}
#else
// One table entry per byte:
//   bits 0-7    mailbox code: 0x80 | colour << 3 | type for a piece; a byte that places no
//               piece has bit 6 set, which moves its store 128 bytes up, past every square
//   bits 8-15   signed change of the next square: +1 piece, +n count, +9 for the '0' of
//               "10" (its '1' gave one), -20 slash (the next rank starts 20 squares below
//               the square after a full rank)
//   bits 16-20  what the byte is: a count 1-9, the '0' of "10", a slash, invalid, the end
//   bits 24-25  what may not follow it: a count (after a count), a '0' (after all but '1');
//               eight bits above the first two, so one shift lines them up
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

// The table walk stores one code byte per square (0: empty) instead of ORing a 128-bit square
// bit into a board per byte, which costs a 128-bit load and store per piece and stalls on
// store-to-load forwarding when one board repeats ("pppppppppp"). Indexes a malformed
// placement reaches are masked to 0..127; a byte placing no piece stores 128 bytes above
// that (bit 6 of its code), so it never overwrites a piece.
const char* walk(const char* p, const char* end, std::uint8_t* mailbox) noexcept {
  std::memset(mailbox, 0, 128);
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
  return p;
}
#endif

}  // namespace

const char* portable_placement(const char* p, const char* end, position& pos) noexcept {
  // Only squares 0..79 are read, and only once the placement is known well formed; walk
  // clears them.
  alignas(16) std::array<std::uint8_t, 256> mailbox;
  p = walk(p, end, mailbox.data());
  if (p == nullptr) return nullptr;
  const boards b = gather(mailbox.data());
  pos.by_color[0] |= b.occupied & ~b.black;
  pos.by_color[1] |= b.black;
  for (std::size_t t = 0; t < piece_type_count; ++t) pos.by_type[t] |= b.by_type[t];
  return p;
}

bool avx512_placement_runs_here() noexcept {
#if defined(FENBATCH_HAVE_AVX512)
  constexpr cpu_features needs =
      feature_bit(cpu_feature::avx512f) | feature_bit(cpu_feature::avx512bw) |
      feature_bit(cpu_feature::avx512_vbmi) | feature_bit(cpu_feature::avx512_vbmi2) |
      feature_bit(cpu_feature::bmi2);
  return (cpu_features_here() & needs) == needs;
#else
  return false;
#endif
}

// The kernel follows the decoder in use, so that FENBATCH_FORCE_IMPL reaches each one.
const char* fast_placement(const char* p, const char* end, position& pos) noexcept {
  static const placement_kernel kernel = decoder_name() == "avx512" && avx512_placement_runs_here()
                                             ? &avx512_placement
                                             : &portable_placement;
  return kernel(p, end, pos);
}

}  // namespace fenbatch::core::ten_by_eight::detail
