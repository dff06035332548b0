// What the vector placement kernels (avx2.cpp, avx512.cpp) share: constants only, no code and
// no intrinsics, so that nothing compiled for one ISA can be called from another's file.
#pragma once

#include <array>

#include "fenbatch/core/position.hpp"

namespace fenbatch::core::simd::vector_kernels {

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

}  // namespace fenbatch::core::simd::vector_kernels
