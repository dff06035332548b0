// The CPU features that decoder implementations need (decoder_registry.hpp), as one table: a
// bit each in a cpu_features set, the name messages use, and the one probe of this CPU.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace fenbatch::core {

// X(enumerator, name, probe): the name as Intel's manuals write it, for messages ("this CPU
// lacks AVX512_VBMI2"); the probe as GCC's __builtin_cpu_supports names the feature. The order
// is the order messages list missing features in.
// clang-format off
#define FENBATCH_CPU_FEATURE_TABLE(X)                                                              \
  X(avx2, "AVX2", "avx2")                                                                          \
  X(avx512f, "AVX512F", "avx512f")                                                                 \
  X(avx512bw, "AVX512BW", "avx512bw")                                                              \
  X(avx512_vbmi, "AVX512_VBMI", "avx512vbmi")                                                      \
  X(avx512_vbmi2, "AVX512_VBMI2", "avx512vbmi2")                                                   \
  X(bmi1, "BMI1", "bmi")                                                                           \
  X(bmi2, "BMI2", "bmi2")
// clang-format on

#define FENBATCH_CPU_FEATURE_ENUMERATOR(enumerator, name, probe) enumerator,
enum class cpu_feature : std::uint8_t {
  FENBATCH_CPU_FEATURE_TABLE(FENBATCH_CPU_FEATURE_ENUMERATOR)
};
#undef FENBATCH_CPU_FEATURE_ENUMERATOR

// A set of features, one bit per feature (feature_bit).
using cpu_features = std::uint32_t;

constexpr cpu_features feature_bit(cpu_feature f) noexcept {
  return cpu_features{1} << static_cast<unsigned>(f);
}

// "AVX2", "AVX512_VBMI2".
[[nodiscard]] std::string_view to_string(cpu_feature f) noexcept;

// The names of the features in `set`, in the table's order: "AVX512_VBMI, AVX512_VBMI2"; empty
// for none.
[[nodiscard]] std::string feature_names(cpu_features set);

// The features this CPU (with this operating system) has, of those in the table: probed once
// per process. None on a processor other than x86.
[[nodiscard]] cpu_features cpu_features_here() noexcept;

}  // namespace fenbatch::core
