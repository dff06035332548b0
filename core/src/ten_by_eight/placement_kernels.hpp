// The kernels that read a well-formed strict 10x8 placement in one pass, each with the contract
// of fast_placement (line_reader.hpp): the placement's end, or nullptr (pos untouched) for
// anything else, which the precise reader then reads. fast_placement calls the best one this
// process may use; the tests call each one that this CPU runs.
#pragma once

#include "fenbatch/core/ten_by_eight/position.hpp"

namespace fenbatch::core::ten_by_eight::detail {

using placement_kernel = const char* (*)(const char* p, const char* end, position& pos) noexcept;

// Sixteen bytes at a time with SSSE3/SSE4.1, else the byte-at-a-time table walk; any CPU
// (fast_placement.cpp).
const char* portable_placement(const char* p, const char* end, position& pos) noexcept;

// The whole placement in two 64-byte vectors (AVX-512 BW, VBMI, VBMI2 and BMI2;
// fast_placement_avx512.cpp). Call only where avx512_placement_runs_here().
const char* avx512_placement(const char* p, const char* end, position& pos) noexcept;

// Whether this build has the AVX-512 kernel and this CPU has what it needs.
bool avx512_placement_runs_here() noexcept;

}  // namespace fenbatch::core::ten_by_eight::detail
