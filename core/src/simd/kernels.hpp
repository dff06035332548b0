// The decoder implementations' entry points, one namespace per ISA. Each lives in its own file
// (scalar.cpp, avx2.cpp, avx512.cpp), built with its own target flags, so that inline helpers
// compiled for different ISAs never merge; registry.cpp lists them with what each needs of the
// CPU, and only code that has checked that calls a vector one.
#pragma once

#include <string_view>

#include "fenbatch/core/record.hpp"

namespace fenbatch::core::simd {

namespace scalar {  // any CPU
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
}  // namespace scalar

namespace avx2 {  // x86-64 with AVX2, BMI1 and BMI2
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
}  // namespace avx2

namespace avx512 {  // x86-64 with AVX-512 F, BW, VBMI and VBMI2, BMI1 and BMI2
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
}  // namespace avx512

}  // namespace fenbatch::core::simd
