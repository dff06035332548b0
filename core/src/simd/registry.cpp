// The registry of decoder implementations (decoder_registry.hpp): the one list of what this
// build contains and what each needs of the CPU (cpu_features.hpp probes the CPU). Built
// without any ISA flags, as the probe is, so that the Zen check below cannot itself use an
// instruction the kernels need.

#include <array>
#include <string>

#include "fenbatch/core/decoder_registry.hpp"
#include "kernels.hpp"

namespace fenbatch::core {
namespace {

bool any_cpu() noexcept {
  return true;
}

#if FENBATCH_HAVE_AVX2
// The AVX2 kernel leans on PDEP and PEXT, microcoded on AMD Zen 1 and 2 (hundreds of cycles):
// the scalar kernel is faster there.
bool pdep_is_fast() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_is("znver1") == 0 && __builtin_cpu_is("znver2") == 0;
}
constexpr cpu_features avx2_needs = feature_bit(cpu_feature::avx2) |
                                    feature_bit(cpu_feature::bmi1) | feature_bit(cpu_feature::bmi2);
#endif

#if FENBATCH_HAVE_AVX512
// Byte compares into masks (BW), byte permutes (VBMI), byte compress and expand (VBMI2), BZHI
// and TZCNT (BMI1, BMI2).
constexpr cpu_features avx512_needs =
    feature_bit(cpu_feature::avx512f) | feature_bit(cpu_feature::avx512bw) |
    feature_bit(cpu_feature::avx512_vbmi) | feature_bit(cpu_feature::avx512_vbmi2) |
    feature_bit(cpu_feature::bmi1) | feature_bit(cpu_feature::bmi2);
#endif

constexpr std::array implementations {
  decoder_implementation{"scalar", 0, &any_cpu, &simd::scalar::decode},
#if FENBATCH_HAVE_AVX2
      decoder_implementation{"avx2", avx2_needs, &pdep_is_fast, &simd::avx2::decode},
#endif
#if FENBATCH_HAVE_AVX512
      decoder_implementation{"avx512", avx512_needs, &any_cpu, &simd::avx512::decode},
#endif
};

}  // namespace

bool decoder_implementation::supported(cpu_features here) const noexcept {
  return (cpu_needs & ~here) == 0;
}

std::string decoder_implementation::missing_features(cpu_features here) const {
  return feature_names(cpu_needs & ~here);
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
