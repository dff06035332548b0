// The AVX-512 (BW, VBMI, VBMI2) + BMI2 placement kernel: the whole field in one 64-byte vector,
// masks in mask registers, no loop and no branch per byte or per piece.
//   1. One table lookup classifies every byte: a piece letter, a digit 1-8, '/', or anything
//      else; the low nibble of its class is the squares the byte covers.
//   2. The slash positions (compressed out of the mask) give each rank's bytes; a permute moves
//      rank n into 64-bit lane n - 1, so lanes count ranks the way squares do.
//   3. Within a lane, prefix sums by shifts give each byte its file; every rank must cover
//      exactly 8 squares. One bit per piece (1 << file, a lookup) summed per lane is that
//      rank's occupancy byte, and its bit for each file of the lane is that square's.
//   4. The piece letters, compressed in lane order and expanded onto the occupied squares, make
//      a 64-byte board in square order: one compare per piece type is its bitboard.
// The load is masked to the line, so no byte past it is read (masked-off bytes never fault).
// Anything unusual returns nullptr and the scalar parser decides, so results are the precise
// parser's bit for bit (the core suite runs per implementation; a differential test and a
// fuzzer compare them).

#include <immintrin.h>

#include <array>
#include <cstdint>
#include <cstring>

#include "../decoder/decode_with.hpp"
#include "kernels.hpp"
#include "vector_kernels.hpp"

namespace fenbatch::core::simd::avx512 {
namespace {

constexpr std::size_t window = 64;
using byte_table = std::array<std::uint8_t, window>;

// Byte classes (of the 128 ASCII codes; bit 7 marks a piece, bit 6 a slash, and the low nibble
// holds the squares the byte covers: 1 for a piece, n for the digit n).
constexpr std::uint8_t piece_class = 0x81;
constexpr std::uint8_t slash_class = 0x40;
constexpr std::uint8_t covered_squares = 0x0F;

constexpr std::array<byte_table, 2> make_class_tables() {
  std::array<std::uint8_t, 2 * window> classes{};
  for (const char c : vector_kernels::piece_letters) {
    classes[static_cast<std::size_t>(c)] = piece_class;
    classes[static_cast<std::size_t>(c - 'a' + 'A')] = piece_class;
  }
  for (int n = 1; n <= 8; ++n)
    classes[static_cast<std::size_t>('0' + n)] = static_cast<std::uint8_t>(n);
  classes['/'] = slash_class;
  std::array<byte_table, 2> halves{};
  for (std::size_t i = 0; i < window; ++i) {
    halves[0][i] = classes[i];
    halves[1][i] = classes[window + i];
  }
  return halves;
}
alignas(64) constexpr std::array<byte_table, 2> class_tables = make_class_tables();

template <class ByteOf>
constexpr byte_table make_table(ByteOf byte_of) {
  byte_table t{};
  for (std::size_t i = 0; i < window; ++i) t[i] = static_cast<std::uint8_t>(byte_of(i));
  return t;
}
alignas(64) constexpr byte_table iota_bytes = make_table([](std::size_t i) { return i; });
// Lane r holds rank r + 1, which is rank 7 - r in reading order (rank 8 comes first).
alignas(64) constexpr byte_table reading_rank_of_lane = make_table([](std::size_t i) {
  return 7 - i / 8;
});
alignas(64) constexpr byte_table byte_in_lane = make_table([](std::size_t i) { return i % 8; });
// The index of each 64-bit lane's low byte within its 128-bit lane (for byte shuffles).
alignas(64) constexpr byte_table lane_low_byte = make_table([](std::size_t i) { return i & 8; });
// 1 << file, looked up by file (a byte shuffle reads 16-entry tables per 128-bit lane).
alignas(64) constexpr byte_table file_bits = make_table([](std::size_t i) {
  return 1U << (i % 8);
});

inline __m512i load(const byte_table& t) noexcept {
  return _mm512_load_si512(t.data());
}
inline __m512i splat(char c) noexcept {
  return _mm512_set1_epi8(c);
}
// The maskz forms with every lane: GCC 12's unmasked ones trip -Wmaybe-uninitialized.
constexpr std::uint64_t all_bytes = ~std::uint64_t{0};
constexpr __mmask8 all_lanes = 0xFF;
inline __m512i permute_bytes(__m512i index, __m512i x) noexcept {
  return _mm512_maskz_permutexvar_epi8(all_bytes, index, x);
}
template <unsigned bits>
inline __m512i lanes_shifted_up(__m512i x) noexcept {
  return _mm512_maskz_slli_epi64(all_lanes, x, bits);
}

const char* placement(const char* p, const char* end, position& pos) noexcept {
  const auto available = static_cast<std::size_t>(end - p);
  const std::uint64_t in_line =
      available >= window ? ~std::uint64_t{0} : (std::uint64_t{1} << available) - 1;
  __m512i text;
  if (vector_kernels::always_copy) {
    alignas(64) std::array<char, window> padded{};
    std::memcpy(padded.data(), p, available < window ? available : window);
    text = _mm512_load_si512(padded.data());
  } else {
    text = _mm512_maskz_loadu_epi8(in_line, p);
  }

  // The field ends at the first blank or at the end of the line.
  const std::uint64_t stops = _mm512_cmpeq_epi8_mask(text, splat(' ')) |
                              _mm512_cmpeq_epi8_mask(text, splat('\t')) | ~in_line;
  if (stops == 0) return nullptr;  // a placement of 64 bytes or more: rare, scalar
  const auto length = static_cast<unsigned>(_tzcnt_u64(stops));
  if (length == 0) return nullptr;
  const std::uint64_t field = _bzhi_u64(~std::uint64_t{0}, length);

  // 1. Classes, looked up for the whole window (not waiting for the field's end) and then
  // kept inside the field; a byte of 128 or more (the lookup reads 7 bits) is none.
  const std::uint64_t non_ascii = _mm512_movepi8_mask(text);
  const __m512i classes =
      _mm512_maskz_permutex2var_epi8(all_bytes, load(class_tables[0]), text, load(class_tables[1]));
  const __mmask64 window_slashes = _mm512_test_epi8_mask(classes, splat(slash_class));
  const std::uint64_t pieces = _mm512_movepi8_mask(classes) & field;
  const std::uint64_t slashes = window_slashes & field;
  const std::uint64_t known = _mm512_test_epi8_mask(classes, classes) & ~non_ascii & field;
  const std::uint64_t digits = known & ~(pieces | slashes);
  // Nothing else in the field, no two digits in a row, seven slashes (an empty rank, or a
  // slash at either end, then covers no squares and fails below).
  if (known != field || (digits & (digits >> 1)) != 0 || _mm_popcnt_u64(slashes) != 7) {
    return nullptr;
  }

  // 2. Rank k of reading order spans [starts[k], ends[k]): from after the k-th slash up to the
  // next slash or the field's end. The field's seven slashes are the window's first seven, so
  // the starts need not wait for the field's end (a shorter dependency chain).
  const __m512i iota = load(iota_bytes);
  const __m512i starts =
      _mm512_maskz_compress_epi8(_kor_mask64(_kshiftli_mask64(window_slashes, 1), 1), iota);
  const __m512i ends = _mm512_maskz_compress_epi8(slashes | (std::uint64_t{1} << length), iota);
  const __m512i lane_rank = load(reading_rank_of_lane);
  const __m512i from = _mm512_add_epi8(permute_bytes(lane_rank, starts), load(byte_in_lane));
  const std::uint64_t in_rank = _mm512_cmplt_epu8_mask(from, permute_bytes(lane_rank, ends));
  // Every byte found its lane: no rank has more than 8 bytes.
  if (_mm_popcnt_u64(in_rank) != _mm_popcnt_u64(pieces | digits)) return nullptr;
  const __m512i ranked_classes = _mm512_maskz_permutexvar_epi8(in_rank, from, classes);
  const __m512i ranked_text = _mm512_maskz_permutexvar_epi8(in_rank, from, text);

  // 3. Inclusive prefix sums of the squares covered, within each lane (at most 64: no carry).
  const __m512i covers = _mm512_and_si512(ranked_classes, splat(covered_squares));
  __m512i covered = covers;
  covered = _mm512_add_epi8(covered, lanes_shifted_up<8>(covered));
  covered = _mm512_add_epi8(covered, lanes_shifted_up<16>(covered));
  covered = _mm512_add_epi8(covered, lanes_shifted_up<32>(covered));
  // Its last byte is the rank's total.
  if (_mm512_cmpneq_epi64_mask(_mm512_maskz_srli_epi64(all_lanes, covered, 56),
                               _mm512_set1_epi64(8)) != 0) {
    return nullptr;
  }
  const std::uint64_t ranked_pieces = _mm512_movepi8_mask(ranked_classes);
  const __m512i file = _mm512_sub_epi8(covered, covers);
  // Distinct bits: their sum is their OR.
  const __m512i rank_bits = _mm512_sad_epu8(
      _mm512_maskz_shuffle_epi8(ranked_pieces, load(file_bits), file), _mm512_setzero_si512());
  // Square s is occupied if its rank's byte (copied over the lane) has its file's bit: the
  // mask comes straight from the vector (no trip through a general register on the chain).
  const __mmask64 occupied =
      _mm512_test_epi8_mask(_mm512_shuffle_epi8(rank_bits, load(lane_low_byte)), load(file_bits));

  // 4. The board: each piece letter on its square, zero elsewhere.
  const __m512i board =
      _mm512_maskz_expand_epi8(occupied, _mm512_maskz_compress_epi8(ranked_pieces, ranked_text));
  const __m512i folded = _mm512_or_si512(board, splat(0x20));  // upper case onto lower
  for (std::size_t t = 0; t < piece_type_count; ++t) {
    pos.by_type[t] = _mm512_cmpeq_epi8_mask(folded, splat(vector_kernels::piece_letters[t]));
  }
  const bitboard white = _mm512_mask_testn_epi8_mask(occupied, board, splat(0x20));
  pos.by_color[0] = white;
  pos.by_color[1] = occupied & ~white;
  return p + length;
}

}  // namespace

fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept {
  return decoder::decode_with(line, options, out, &placement);
}

}  // namespace fenbatch::core::simd::avx512
