// The registry of decoder implementations (decoder_registry.hpp): the one list of what this
// build contains and what each needs of the CPU. The CPU checks are here, in a file built
// without any ISA flags, so that none of them can itself use an instruction it checks for.

#include <array>
#include <string>

#include "fenbatch/core/decoder_registry.hpp"
#include "kernels.hpp"

namespace fenbatch::core {
namespace {

bool any_cpu() noexcept {
  return true;
}

#if FENBATCH_HAVE_AVX2 || FENBATCH_HAVE_AVX512
// __builtin_cpu_supports takes only a literal: one function per feature. (__builtin_cpu_init
// first: a static constructor may get here before libgcc's own.)
bool has_bmi1() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("bmi") != 0;
}
bool has_bmi2() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("bmi2") != 0;
}
#endif

#if FENBATCH_HAVE_AVX2
bool has_avx2() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}
constexpr std::array avx2_needs{cpu_feature{"AVX2", &has_avx2}, cpu_feature{"BMI1", &has_bmi1},
                                cpu_feature{"BMI2", &has_bmi2}};

// The AVX2 kernel leans on PDEP and PEXT, microcoded on AMD Zen 1 and 2 (hundreds of cycles):
// the scalar kernel is faster there.
bool pdep_is_fast() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_is("znver1") == 0 && __builtin_cpu_is("znver2") == 0;
}
#endif

#if FENBATCH_HAVE_AVX512
bool has_avx512f() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") != 0;
}
bool has_avx512bw() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512bw") != 0;
}
bool has_avx512vbmi() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512vbmi") != 0;
}
bool has_avx512vbmi2() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512vbmi2") != 0;
}
// Byte compares into masks (BW), byte permutes (VBMI), byte compress and expand (VBMI2), BZHI
// and TZCNT (BMI1, BMI2).
constexpr std::array avx512_needs{cpu_feature{"AVX512F", &has_avx512f},
                                  cpu_feature{"AVX512BW", &has_avx512bw},
                                  cpu_feature{"AVX512_VBMI", &has_avx512vbmi},
                                  cpu_feature{"AVX512_VBMI2", &has_avx512vbmi2},
                                  cpu_feature{"BMI1", &has_bmi1},
                                  cpu_feature{"BMI2", &has_bmi2}};
#endif

constexpr std::array implementations {
  decoder_implementation{"scalar", {}, &any_cpu, &simd::scalar::decode},
#if FENBATCH_HAVE_AVX2
      decoder_implementation{"avx2", avx2_needs, &pdep_is_fast, &simd::avx2::decode},
#endif
#if FENBATCH_HAVE_AVX512
      decoder_implementation{"avx512", avx512_needs, &any_cpu, &simd::avx512::decode},
#endif
};

}  // namespace

bool decoder_implementation::supported() const noexcept {
  for (const cpu_feature& feature : cpu_needs) {
    if (!feature.present()) return false;
  }
  return true;
}

std::string decoder_implementation::missing_features() const {
  std::string out;
  for (const cpu_feature& feature : cpu_needs) {
    if (feature.present()) continue;
    if (!out.empty()) out += ", ";
    out += feature.name;
  }
  return out;
}

std::span<const decoder_implementation> decoder_implementations() noexcept {
  return implementations;
}

const decoder_implementation* find_decoder(std::string_view name) noexcept {
  for (const decoder_implementation& impl : implementations) {
    if (impl.name == name) return &impl;
  }
  return nullptr;
}

}  // namespace fenbatch::core
