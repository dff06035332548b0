// The AVX2 + BMI2 placement kernel. One pass over the (at most 63-byte) field in two 32-byte
// vectors, no branch per byte:
//   1. classify every byte at once: two 16-entry lookups (low and high nibble) ANDed give a
//      bit per class (6 piece types in either case, '/', digits 1-8); the case and the field
//      end by compares;
//   2. give each byte the squares it covers (piece 1, digit n, slash 0) and prefix-sum them, so
//      every byte knows its square in reading order (a8 = 0 ... h1 = 63); validity is then
//      a few mask tests (total 64, seven slashes each at a multiple of 8, no digit runs);
//   3. the occupied squares in reading order come 8 bytes at a time from one PEXT each: every
//      byte spans as many bits as it covers squares, a piece's one bit set, a digit's clear;
//   4. the occupied squares then take the pieces in order with one PDEP per piece type (and
//      one for the white pieces), after a PEXT that keeps those letters among all letters; a
//      byte swap turns reading order into square order (rank 8 first becomes rank 1 first).
// Anything unusual returns nullptr and the scalar parser decides, so results are the scalar
// ones bit for bit (tests run every suite per implementation, and a differential test and
// fuzzer compare them).

#include <immintrin.h>

#include <array>
#include <cstdint>
#include <cstring>

#include "../decoder/decode_with.hpp"
#include "kernels.hpp"
#include "vector_kernels.hpp"

namespace fenbatch::core::simd::avx2 {
namespace {

constexpr std::size_t window = 64;

// Reading the 64-byte window at p is safe when it stays inside the line, or inside the memory
// page that holds the line's last byte (mapped, since that byte is).
bool window_is_readable(const char* p, const char* end) noexcept {
  if (end - p >= static_cast<std::ptrdiff_t>(window)) return true;
  const auto last_read = reinterpret_cast<std::uintptr_t>(p) + window - 1;
  const auto last_valid = reinterpret_cast<std::uintptr_t>(end) - 1;
  return (last_read >> 12) == (last_valid >> 12);
}

inline std::uint64_t mask64(__m256i low, __m256i high) noexcept {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(low)) |
         (std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(high))} << 32);
}

inline __m256i equals(__m256i v, char c) noexcept {
  return _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c));
}

// Byte classes: one bit each, so that two 16-entry tables (low nibble, high nibble) ANDed
// classify a byte. Pieces by type (pawn ... king, as vector_kernels::piece_letters), either case.
struct class_bits {
  static constexpr int pawn = 0, knight = 1, bishop = 2, rook = 3, queen = 4, king = 5;
  static constexpr int slash = 6, digit = 7;
};
struct nibble_tables {
  std::array<std::uint8_t, 16> by_low{};
  std::array<std::uint8_t, 16> by_high{};
};
constexpr std::uint8_t class_of(unsigned char c) {
  for (std::size_t t = 0; t < vector_kernels::piece_letters.size(); ++t) {
    if ((c | 0x20U) == static_cast<unsigned char>(vector_kernels::piece_letters[t])) {
      return static_cast<std::uint8_t>(1U << t);
    }
  }
  if (c == '/') return 1U << class_bits::slash;
  if (c >= '1' && c <= '8') return 1U << class_bits::digit;
  return 0;
}
constexpr nibble_tables make_class_tables() {
  nibble_tables t;
  for (unsigned c = 0; c < 128; ++c) {
    t.by_low[c & 15] =
        static_cast<std::uint8_t>(t.by_low[c & 15] | class_of(static_cast<unsigned char>(c)));
    t.by_high[c >> 4] =
        static_cast<std::uint8_t>(t.by_high[c >> 4] | class_of(static_cast<unsigned char>(c)));
  }
  return t;
}
constexpr nibble_tables class_tables = make_class_tables();
// The two lookups classify every byte exactly (bytes of 128 or more: the high table has nothing
// past 7).
constexpr bool classifies_every_byte() {
  for (unsigned c = 0; c < 256; ++c) {
    const unsigned looked_up = class_tables.by_low[c & 15] & class_tables.by_high[c >> 4];
    if (looked_up != class_of(static_cast<unsigned char>(c))) return false;
  }
  return true;
}
static_assert(classifies_every_byte());

inline __m256i load_twice(const std::array<std::uint8_t, 16>& table) noexcept {
  return _mm256_broadcastsi128_si256(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(table.data())));
}

// The bytes whose class has bit `bit`, as a 64-bit mask over both vectors (a 16-bit lane shift
// brings that bit of every byte to bit 7 from within the same byte).
template <int bit>
inline std::uint64_t class_mask(__m256i class0, __m256i class1) noexcept {
  if constexpr (bit == 7) {
    return mask64(class0, class1);
  } else {
    return mask64(_mm256_slli_epi16(class0, 7 - bit), _mm256_slli_epi16(class1, 7 - bit));
  }
}

// Inclusive prefix sums of bytes within each 128-bit lane.
inline __m256i lane_prefix_sums(__m256i x) noexcept {
  x = _mm256_add_epi8(x, _mm256_slli_si256(x, 1));
  x = _mm256_add_epi8(x, _mm256_slli_si256(x, 2));
  x = _mm256_add_epi8(x, _mm256_slli_si256(x, 4));
  return _mm256_add_epi8(x, _mm256_slli_si256(x, 8));
}

// Only pieces, digits and slashes in the field (its first `length` bytes); no two digits in a
// row; seven slashes, none at either end and no two together (each rank then holds a byte).
inline bool placement_shape_ok(std::uint64_t letters, std::uint64_t digits, std::uint64_t slashes,
                               unsigned length) noexcept {
  const std::uint64_t field = (std::uint64_t{1} << length) - 1;
  return (letters | digits | slashes) == field && (digits & (digits >> 1)) == 0 &&
         _mm_popcnt_u64(slashes) == 7 && (slashes & (slashes >> 1)) == 0 && (slashes & 1) == 0 &&
         ((slashes >> (length - 1)) & 1) == 0;
}

// Among all letters, which are this piece type (or white); placed on the occupied squares in
// order (PEXT then PDEP); a byte swap turns reading order (rank 8 first) into square order.
inline void place_pieces(const std::array<std::uint64_t, piece_type_count>& by_type,
                         std::uint64_t white_letters, std::uint64_t all_letters,
                         std::uint64_t occupied, position& pos) noexcept {
  for (std::size_t t = 0; t < piece_type_count; ++t) {
    pos.by_type[t] = __builtin_bswap64(_pdep_u64(_pext_u64(by_type[t], all_letters), occupied));
  }
  const bitboard white =
      __builtin_bswap64(_pdep_u64(_pext_u64(white_letters, all_letters), occupied));
  pos.by_color[0] = white;
  pos.by_color[1] = __builtin_bswap64(occupied) & ~white;
}

// Inclusive prefix sums over all 32 bytes: the low lane's total carried into the high lane.
inline __m256i prefix_sums(__m256i x) noexcept {
  x = lane_prefix_sums(x);
  const __m256i low_total = _mm256_shuffle_epi8(x, _mm256_set1_epi8(15));
  return _mm256_add_epi8(x, _mm256_permute2x128_si256(low_total, low_total, 0x08));
}

const char* placement(const char* p, const char* end, position& pos) noexcept {
  const auto available = static_cast<std::size_t>(end - p);
  alignas(32) std::array<char, window> padded;
  const char* q = p;
  if (vector_kernels::always_copy || !window_is_readable(p, end)) {
    const std::size_t n = available < window ? available : window;
    std::memcpy(padded.data(), p, n);
    std::memset(padded.data() + n, ' ', window - n);
    q = padded.data();
  }
  const __m256i v0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
  const __m256i v1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 32));

  // The field ends at the first blank or at the end of the line.
  std::uint64_t stops = mask64(_mm256_or_si256(equals(v0, ' '), equals(v0, '\t')),
                               _mm256_or_si256(equals(v1, ' '), equals(v1, '\t')));
  if (available < window) stops |= ~std::uint64_t{0} << available;
  if (stops == 0) return nullptr;  // a placement of 64 bytes or more: rare, scalar
  const auto length = static_cast<unsigned>(_tzcnt_u64(stops));
  if (length == 0) return nullptr;
  const std::uint64_t field = (std::uint64_t{1} << length) - 1;

  // Byte classes as bits (type t's letter in either case: bit t; '/': bit 6; a digit 1-8: bit
  // 7), the AND of two lookups by the low and the high nibble; a class bit moved up to bit 7
  // is read off with one byte mask.
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i by_low = load_twice(class_tables.by_low);
  const __m256i by_high = load_twice(class_tables.by_high);
  const auto classify = [&](__m256i v) {
    return _mm256_and_si256(
        _mm256_shuffle_epi8(by_low, _mm256_and_si256(v, nibble)),
        _mm256_shuffle_epi8(by_high, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble)));
  };
  const __m256i class0 = classify(v0);
  const __m256i class1 = classify(v1);
  std::array<std::uint64_t, 6> letters{};
  letters[0] = class_mask<class_bits::pawn>(class0, class1) & field;
  letters[1] = class_mask<class_bits::knight>(class0, class1) & field;
  letters[2] = class_mask<class_bits::bishop>(class0, class1) & field;
  letters[3] = class_mask<class_bits::rook>(class0, class1) & field;
  letters[4] = class_mask<class_bits::queen>(class0, class1) & field;
  letters[5] = class_mask<class_bits::king>(class0, class1) & field;
  const std::uint64_t all_letters =
      letters[0] | letters[1] | letters[2] | letters[3] | letters[4] | letters[5];
  const std::uint64_t digits = class_mask<class_bits::digit>(class0, class1) & field;
  const std::uint64_t slashes = class_mask<class_bits::slash>(class0, class1) & field;
  // White: upper case (OR 0x20 changes a letter only if it is upper case).
  const __m256i case_bit = _mm256_set1_epi8(0x20);
  const std::uint64_t white_letters =
      ~mask64(_mm256_cmpeq_epi8(v0, _mm256_or_si256(v0, case_bit)),
              _mm256_cmpeq_epi8(v1, _mm256_or_si256(v1, case_bit))) &
      all_letters;
  const __m256i one = _mm256_set1_epi8(1);
  const __m256i seven = _mm256_set1_epi8(7);
  const __m256i from_one0 = _mm256_sub_epi8(v0, _mm256_set1_epi8('1'));
  const __m256i from_one1 = _mm256_sub_epi8(v1, _mm256_set1_epi8('1'));
  // 0xFF on digits (bit 7 is the sign); 1 on piece letters.
  const __m256i digit0 = _mm256_cmpgt_epi8(_mm256_setzero_si256(), class0);
  const __m256i digit1 = _mm256_cmpgt_epi8(_mm256_setzero_si256(), class1);
  const __m256i letters_bits = _mm256_set1_epi8(0x3F);
  const __m256i piece0 = _mm256_min_epu8(_mm256_and_si256(class0, letters_bits), one);
  const __m256i piece1 = _mm256_min_epu8(_mm256_and_si256(class1, letters_bits), one);

  if (!placement_shape_ok(all_letters, digits, slashes, length)) return nullptr;

  // Squares each byte covers, inside the field only.
  const __m256i iota0 =
      _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                       22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  const __m256i iota1 = _mm256_add_epi8(iota0, _mm256_set1_epi8(32));
  const __m256i limit = _mm256_set1_epi8(static_cast<char>(length));
  const __m256i in0 = _mm256_cmpgt_epi8(limit, iota0);
  const __m256i in1 = _mm256_cmpgt_epi8(limit, iota1);
  const __m256i advance0 = _mm256_and_si256(
      in0, _mm256_or_si256(_mm256_and_si256(digit0, _mm256_add_epi8(from_one0, one)), piece0));
  const __m256i advance1 = _mm256_and_si256(
      in1, _mm256_or_si256(_mm256_and_si256(digit1, _mm256_add_epi8(from_one1, one)), piece1));

  // All 64 squares covered (sums of 64 bytes of at most 8 fit in the horizontal add below).
  const __m256i sums = _mm256_add_epi64(_mm256_sad_epu8(advance0, _mm256_setzero_si256()),
                                        _mm256_sad_epu8(advance1, _mm256_setzero_si256()));
  const __m128i sums128 =
      _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
  const auto total = static_cast<std::uint64_t>(_mm_cvtsi128_si64(sums128)) +
                     static_cast<std::uint64_t>(_mm_extract_epi64(sums128, 1));
  if (total != 64) return nullptr;

  // The square (in reading order) where each byte starts: exclusive prefix sums.
  const __m256i inclusive0 = prefix_sums(advance0);
  const __m256i carry = _mm256_set1_epi8(static_cast<char>(_mm256_extract_epi8(inclusive0, 31)));
  const __m256i inclusive1 = _mm256_add_epi8(prefix_sums(advance1), carry);
  const __m256i start0 = _mm256_sub_epi8(inclusive0, advance0);
  const __m256i start1 = _mm256_sub_epi8(inclusive1, advance1);

  // Every slash falls on a rank boundary: with 8 non-empty ranks covering 64 squares, each rank
  // then covers exactly 8.
  const __m256i zero = _mm256_setzero_si256();
  const std::uint64_t off_boundary =
      ~mask64(_mm256_cmpeq_epi8(_mm256_and_si256(start0, seven), zero),
              _mm256_cmpeq_epi8(_mm256_and_si256(start1, seven), zero));
  if ((off_boundary & slashes) != 0) return nullptr;

  // The occupied squares in reading order, gathered 8 bytes at a time: each byte spans as many
  // bits as it covers squares (a lookup: n low bits for n squares), and PEXT under those spans
  // takes one set bit for a piece and n clear bits for the digit n. No loop per digit.
  const __m256i span_bits = _mm256_setr_epi8(0, 1, 3, 7, 15, 31, 63, 127, -1, 0, 0, 0, 0, 0, 0, 0,
                                             0, 1, 3, 7, 15, 31, 63, 127, -1, 0, 0, 0, 0, 0, 0, 0);
  alignas(32) std::array<std::uint8_t, window> spans;
  alignas(32) std::array<std::uint8_t, window> piece_bits;
  _mm256_store_si256(reinterpret_cast<__m256i*>(spans.data()),
                     _mm256_shuffle_epi8(span_bits, advance0));
  _mm256_store_si256(reinterpret_cast<__m256i*>(spans.data() + 32),
                     _mm256_shuffle_epi8(span_bits, advance1));
  _mm256_store_si256(reinterpret_cast<__m256i*>(piece_bits.data()), piece0);
  _mm256_store_si256(reinterpret_cast<__m256i*>(piece_bits.data() + 32), piece1);
  std::uint64_t occupied = 0;
  unsigned square = 0;  // below 64 until the field's last byte (not a slash) is taken
  for (std::size_t at = 0; at < length; at += 8) {
    std::uint64_t span;
    std::uint64_t piece;
    std::memcpy(&span, spans.data() + at, sizeof span);
    std::memcpy(&piece, piece_bits.data() + at, sizeof piece);
    occupied |= _pext_u64(piece, span) << square;
    square += static_cast<unsigned>(_mm_popcnt_u64(span));
  }

  place_pieces(letters, white_letters, all_letters, occupied, pos);
  return p + length;
}

}  // namespace

fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept {
  return decoder::decode_with(line, options, out, &placement);
}

}  // namespace fenbatch::core::simd::avx2
