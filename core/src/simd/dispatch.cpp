#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "kernels.hpp"

namespace fenbatch::core::simd {
namespace {

constexpr kernels scalar_kernels{"scalar", &scalar::decode};
#if FENBATCH_HAVE_AVX2
constexpr kernels avx2_kernels{"avx2", &avx2::decode};
#endif
#if FENBATCH_HAVE_AVX512
constexpr kernels avx512_kernels{"avx512", &avx512::decode};
#endif

}  // namespace

bool avx2_is_supported() noexcept {
#if FENBATCH_HAVE_AVX2
  __builtin_cpu_init();  // (a static constructor may get here first)
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("bmi2");
#else
  return false;
#endif
}

// AVX-512 BW, VBMI and VBMI2 (byte compares into masks, byte permutes, byte compress and
// expand) and BMI2 (BZHI).
bool avx512_is_supported() noexcept {
#if FENBATCH_HAVE_AVX512
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
         __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#else
  return false;
#endif
}

namespace {

#if FENBATCH_HAVE_AVX2
// AVX2 where PDEP/PEXT are fast: not on AMD Zen 1 and 2 (microcoded, hundreds of cycles).
bool avx2_is_fast() noexcept {
  return avx2_is_supported() && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
}
#endif

const kernels& select_kernels() noexcept {
  const char* forced = std::getenv("FENBATCH_FORCE_IMPL");
  const std::string_view name = forced != nullptr ? forced : "";
  if (name == "scalar") return scalar_kernels;
#if FENBATCH_HAVE_AVX2
  if (name == "avx2") {
    if (!avx2_is_supported()) {
      std::fprintf(stderr,
                   "fenbatch: FENBATCH_FORCE_IMPL=avx2: this CPU lacks AVX2, BMI1 or BMI2\n");
      std::abort();
    }
    return avx2_kernels;
  }
#endif
#if FENBATCH_HAVE_AVX512
  if (name == "avx512") {
    if (!avx512_is_supported()) {
      std::fprintf(stderr,
                   "fenbatch: FENBATCH_FORCE_IMPL=avx512: this CPU lacks AVX-512 BW/VBMI/VBMI2, "
                   "BMI1 or BMI2\n");
      std::abort();
    }
    return avx512_kernels;
  }
#endif
  if (!name.empty()) {
    // An unknown name must not silently test the wrong implementation.
    std::fprintf(stderr, "fenbatch: FENBATCH_FORCE_IMPL=%s: unknown or not built here\n", forced);
    std::abort();
  }
#if FENBATCH_HAVE_AVX512
  if (avx512_is_supported()) return avx512_kernels;
#endif
#if FENBATCH_HAVE_AVX2
  if (avx2_is_fast()) return avx2_kernels;
#endif
  return scalar_kernels;
}

}  // namespace

const kernels& active_kernels() noexcept {
  static const kernels& chosen = select_kernels();
  return chosen;
}

}  // namespace fenbatch::core::simd
