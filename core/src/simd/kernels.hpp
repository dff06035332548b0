// The table of decoder implementations. Each implementation lives in its own file and
// namespace (simd::scalar, later simd::avx2, ...) so that inline helpers compiled with
// different target flags never merge; dispatch.cpp picks one table once per process.
#pragma once

#include <string_view>

#include "fenbatch/core/record.hpp"

namespace fenbatch::core::simd {

// The narrow interface a decoder implementation fills: the strict placement field, which is
// most of the work. A kernel reads the placement at `p` (the line ends at `end`), sets the 12
// piece bitboards of `pos`, and returns the field's end, or nullptr for anything it does not
// accept; the precise scalar parser then takes over and finds the reason and column. Kernels
// must agree bit for bit with the scalar one and never read past `end` outside the memory page
// that holds `end - 1`.
using placement_kernel = const char* (*)(const char* p, const char* end, position& pos) noexcept;

struct kernels {
  std::string_view name;
  fen_status (*decode)(std::string_view line, const decode_options& options, record& out) noexcept;
};

namespace scalar {
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
// The whole decoder with another placement kernel in front of the precise parser (nullptr:
// no kernel and no other fast path, as decode_precise).
fen_status decode_with(std::string_view line, const decode_options& options, record& out,
                       placement_kernel placement) noexcept;
const char* fast_placement(const char* p, const char* end, position& pos) noexcept;
// The precise field-by-field parser alone, without any fast path (placement kernel, castling,
// tail): the reference that differential tests and fuzzers compare every decoder with.
fen_status decode_precise(std::string_view line, const decode_options& options,
                          record& out) noexcept;
}  // namespace scalar

namespace avx2 {  // x86-64 with AVX2 and BMI2 (built with those flags; call only if supported)
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
const char* fast_placement(const char* p, const char* end, position& pos) noexcept;
}  // namespace avx2

namespace avx512 {  // x86-64 with AVX-512 BW, VBMI and VBMI2, and BMI2 (the same rule as avx2)
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
const char* fast_placement(const char* p, const char* end, position& pos) noexcept;
}  // namespace avx512

// Whether this CPU can run each implementation (false where it is not built).
bool avx2_is_supported() noexcept;
bool avx512_is_supported() noexcept;

// The implementation in use: the best one this CPU supports, or the one named by the
// environment variable FENBATCH_FORCE_IMPL (for tests and bug reports).
const kernels& active_kernels() noexcept;

}  // namespace fenbatch::core::simd
