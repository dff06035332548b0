// The table of decoder implementations. Each implementation lives in its own file and
// namespace (simd::scalar, later simd::avx2, ...) so that inline helpers compiled with
// different target flags never merge; dispatch.cpp picks one table once per process.
#pragma once

#include <string_view>

#include "fenbatch/core/record.hpp"

namespace fenbatch::core::simd {

struct kernels {
  std::string_view name;
  fen_status (*decode)(std::string_view line, const decode_options& options, record& out) noexcept;
};

namespace scalar {
fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept;
}  // namespace scalar

// The implementation in use: the best one this CPU supports, or the one named by the
// environment variable FENBATCH_FORCE_IMPL (for tests and bug reports).
const kernels& active_kernels() noexcept;

}  // namespace fenbatch::core::simd
