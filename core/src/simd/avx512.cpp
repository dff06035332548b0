// The AVX-512 (BW, VBMI) + BMI2 placement kernel: the AVX2 kernel's method (see avx2.cpp) on one
// 64-byte vector with mask registers. Compares give the 64-bit byte masks directly; the load is
// masked to the line, so no byte past it is read (masked-off bytes never fault); the prefix sums
// of covered squares cross the whole vector with byte permutes. Anything unusual returns nullptr
// and the scalar parser decides, so results are the precise parser's bit for bit (the core
// suite runs per implementation; a differential test and a fuzzer compare them).

#include <immintrin.h>

#include <array>
#include <cstdint>
#include <cstring>

#include "kernels.hpp"
#include "placement_masks.hpp"

namespace fenbatch::core::simd::avx512 {
namespace {

constexpr std::size_t window = 64;

constexpr auto make_iota() {
  std::array<std::uint8_t, window> bytes{};
  for (std::size_t i = 0; i < window; ++i) bytes[i] = static_cast<std::uint8_t>(i);
  return bytes;
}
alignas(64) constexpr std::array<std::uint8_t, window> iota_bytes = make_iota();

inline __m512i splat(char c) noexcept {
  return _mm512_set1_epi8(c);
}

// Inclusive prefix sums over all 64 bytes (sums stay below 256 here): log-steps of a shift by
// k bytes across the vector, each a permute with index i - k and the low k bytes zeroed.
inline __m512i prefix_sums(__m512i x) noexcept {
  const __m512i iota = _mm512_load_si512(iota_bytes.data());
  for (const int k : {1, 2, 4, 8, 16, 32}) {
    const __m512i from = _mm512_sub_epi8(iota, _mm512_set1_epi8(static_cast<char>(k)));
    x = _mm512_add_epi8(x, _mm512_maskz_permutexvar_epi8(~std::uint64_t{0} << k, from, x));
  }
  return x;
}

// For the 16 bytes of 128-bit lane `lane`: 1 << start[i] in eight 64-bit lanes for the letters
// among them, ORed pairwise. (The maskz forms: GCC 12's unmasked ones trip
// -Wmaybe-uninitialized.)
template <int lane>
inline __m512i letter_bits(__m512i start, std::uint64_t letters) noexcept {
  const __m128i starts16 = _mm512_maskz_extracti32x4_epi32(0xF, start, lane);
  const auto pieces16 = static_cast<unsigned>(letters >> (16 * lane));
  const __m512i ones = _mm512_set1_epi64(1);
  const __m512i low = _mm512_maskz_sllv_epi64(static_cast<__mmask8>(pieces16 & 0xFF), ones,
                                              _mm512_maskz_cvtepu8_epi64(0xFF, starts16));
  const __m512i high =
      _mm512_maskz_sllv_epi64(static_cast<__mmask8>((pieces16 >> 8) & 0xFF), ones,
                              _mm512_maskz_cvtepu8_epi64(0xFF, _mm_srli_si128(starts16, 8)));
  return _mm512_or_si512(low, high);
}

// The eight 64-bit lanes summed or ORed in registers rather than stored and loaded back one by
// one. (The maskz extracts: GCC 12's unmasked ones and its casts trip -Wmaybe-uninitialized, as
// _mm512_reduce_add_epi64 does.)
template <class Combine256, class Combine128>
inline std::uint64_t reduce_lanes(__m512i x, Combine256 c256, Combine128 c128) noexcept {
  const __m256i half =
      c256(_mm512_maskz_extracti64x4_epi64(0xF, x, 0), _mm512_maskz_extracti64x4_epi64(0xF, x, 1));
  const __m128i quarter = c128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(quarter)) +
         static_cast<std::uint64_t>(_mm_extract_epi64(quarter, 1));
}

const char* placement(const char* p, const char* end, position& pos) noexcept {
  const auto available = static_cast<std::size_t>(end - p);
  const std::uint64_t in_line =
      available >= window ? ~std::uint64_t{0} : (std::uint64_t{1} << available) - 1;
  __m512i v;
  if (masks::always_copy) {
    alignas(64) std::array<char, window> padded{};
    std::memcpy(padded.data(), p, available < window ? available : window);
    v = _mm512_load_si512(padded.data());
  } else {
    v = _mm512_maskz_loadu_epi8(in_line, p);
  }

  // The field ends at the first blank or at the end of the line.
  const std::uint64_t stops =
      _mm512_cmpeq_epi8_mask(v, splat(' ')) | _mm512_cmpeq_epi8_mask(v, splat('\t')) | ~in_line;
  if (stops == 0) return nullptr;  // a placement of 64 bytes or more: rare, scalar
  const auto length = static_cast<unsigned>(_tzcnt_u64(stops));
  if (length == 0) return nullptr;
  const std::uint64_t field = (std::uint64_t{1} << length) - 1;

  // Letters case-folded (OR 0x20 folds only a letter's own upper case onto it).
  const __m512i folded = _mm512_or_si512(v, splat(0x20));
  std::array<std::uint64_t, 6> letters{};
  std::uint64_t all_letters = 0;
  for (std::size_t i = 0; i < masks::piece_letters.size(); ++i) {
    letters[i] = _mm512_cmpeq_epi8_mask(folded, splat(masks::piece_letters[i])) & field;
    all_letters |= letters[i];
  }
  const std::uint64_t white_letters = _mm512_cmpneq_epi8_mask(v, folded) & all_letters;
  const __m512i from_one = _mm512_sub_epi8(v, splat('1'));
  const std::uint64_t digits = _mm512_cmple_epu8_mask(from_one, splat(7)) & field;
  const std::uint64_t slashes = _mm512_cmpeq_epi8_mask(v, splat('/')) & field;

  if (!masks::placement_shape_ok(all_letters, digits, slashes, length)) return nullptr;

  // Squares each byte covers: n for a digit, 1 for a piece, 0 otherwise; 64 in all.
  const __m512i one = splat(1);
  const __m512i advance =
      _mm512_mask_mov_epi8(_mm512_maskz_add_epi8(digits, from_one, one), all_letters, one);
  const std::uint64_t total = reduce_lanes(
      _mm512_sad_epu8(advance, _mm512_setzero_si512()),
      [](__m256i a, __m256i b) { return _mm256_add_epi64(a, b); },
      [](__m128i a, __m128i b) { return _mm_add_epi64(a, b); });
  if (total != 64) return nullptr;

  // The square (in reading order) where each byte starts; every slash on a rank boundary.
  const __m512i start = _mm512_sub_epi8(prefix_sums(advance), advance);
  if ((_mm512_test_epi8_mask(start, splat(7)) & slashes) != 0) return nullptr;

  // The occupied squares: bit `start` of every letter, set eight bytes at a time in 64-bit
  // lanes (widen, shift 1 left by the start, OR), with no branch on how many there are.
  const __m512i bits = _mm512_or_si512(
      _mm512_or_si512(letter_bits<0>(start, all_letters), letter_bits<1>(start, all_letters)),
      _mm512_or_si512(letter_bits<2>(start, all_letters), letter_bits<3>(start, all_letters)));
  // In reading order. The last step adds two lanes: by then they share no bit (each byte's
  // start is a distinct square), so adding is ORing.
  const std::uint64_t occupied = reduce_lanes(
      bits, [](__m256i a, __m256i b) { return _mm256_or_si256(a, b); },
      [](__m128i a, __m128i b) { return _mm_or_si128(a, b); });

  masks::place_pieces(letters, white_letters, all_letters, occupied, pos);
  return p + length;
}

}  // namespace

const char* fast_placement(const char* p, const char* end, position& pos) noexcept {
  return placement(p, end, pos);
}

fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept {
  return scalar::decode_with(line, options, out, &placement);
}

}  // namespace fenbatch::core::simd::avx512
