// What the vector placement kernels share: the sanitizer rule and the piece letters (both), and
// the mask logic of a kernel that has a byte mask per piece type (AVX2). Each kernel's file
// includes this and compiles it with its own target flags; `static` keeps every copy inside
// its file, so code built for one ISA is never called from another's.
#pragma once

#include <immintrin.h>

#include <array>
#include <cstdint>

#include "fenbatch/core/position.hpp"

namespace fenbatch::core::simd::masks {

// The kernels' loads may cover bytes past the line on purpose (AVX2: inside the line's last
// page; AVX-512: masked off, never read). Sanitizers would report them (ASan as an overflow,
// TSan as a read of freed or unsynchronised memory): under a sanitizer the kernels copy the
// line into a padded window first.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool always_copy = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || \
    __has_feature(thread_sanitizer)
inline constexpr bool always_copy = true;
#else
inline constexpr bool always_copy = false;
#endif
#else
inline constexpr bool always_copy = false;
#endif

// Piece letters in lower case, by piece type (pawn ... king); upper case is white.
inline constexpr std::array<char, piece_type_count> piece_letters{'p', 'n', 'b', 'r', 'q', 'k'};

// Only pieces, digits and slashes in the field (its first `length` bytes); no two digits in a
// row; seven slashes, none at either end and no two together (each rank then holds a byte).
static inline bool placement_shape_ok(std::uint64_t letters, std::uint64_t digits,
                                      std::uint64_t slashes, unsigned length) noexcept {
  const std::uint64_t field = (std::uint64_t{1} << length) - 1;
  return (letters | digits | slashes) == field && (digits & (digits >> 1)) == 0 &&
         _mm_popcnt_u64(slashes) == 7 && (slashes & (slashes >> 1)) == 0 && (slashes & 1) == 0 &&
         ((slashes >> (length - 1)) & 1) == 0;
}

// Among all letters, which are this piece type (or white); placed on the occupied squares in
// order (PEXT then PDEP); a byte swap turns reading order (rank 8 first) into square order.
static inline void place_pieces(const std::array<std::uint64_t, piece_type_count>& by_type,
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

}  // namespace fenbatch::core::simd::masks
