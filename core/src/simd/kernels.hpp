// The table of decoder implementations. Each implementation lives in its own file and
// namespace (simd::scalar, simd::avx2, ...) so that inline helpers compiled with different
// target flags never merge; dispatch.cpp picks one table once per process.
#pragma once

#include <string_view>

#include "fenbatch/core/record.hpp"

namespace fenbatch::core::simd {

struct kernels {
  std::string_view name;
  fen_status (*decode)(std::string_view line, const decode_options& options, record& out) noexcept;
};

namespace scalar {  // any CPU
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
}  // namespace scalar

namespace avx2 {  // x86-64 with AVX2 and BMI2 (built with those flags; call only if supported)
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
}  // namespace avx2

namespace avx512 {  // x86-64 with AVX-512 BW, VBMI and VBMI2, and BMI2 (the same rule as avx2)
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
}  // namespace avx512

// Whether this CPU can run each implementation (false where it is not built).
bool avx2_is_supported() noexcept;
bool avx512_is_supported() noexcept;

// The implementation in use: the best one this CPU supports, or the one named by the
// environment variable FENBATCH_FORCE_IMPL (for tests and bug reports).
const kernels& active_kernels() noexcept;

}  // namespace fenbatch::core::simd
