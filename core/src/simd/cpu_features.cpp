// The probe of this CPU's features (cpu_features.hpp), in a file built without any ISA flags,
// so that the probe cannot itself use an instruction it checks for.
#include "fenbatch/core/cpu_features.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace fenbatch::core {
namespace {

#define FENBATCH_CPU_FEATURE_NAME(enumerator, name, probe) name,
constexpr std::array cpu_feature_names{FENBATCH_CPU_FEATURE_TABLE(FENBATCH_CPU_FEATURE_NAME)};
#undef FENBATCH_CPU_FEATURE_NAME

cpu_features probe_this_cpu() noexcept {
  cpu_features here = 0;
#if defined(__x86_64__) || defined(__i386__)
  // (__builtin_cpu_init first: a static constructor may get here before libgcc's own.
  // __builtin_cpu_supports takes only a literal: the table expands into one call per feature.)
  __builtin_cpu_init();
#define FENBATCH_CPU_FEATURE_PROBE(enumerator, name, probe) \
  if (__builtin_cpu_supports(probe) != 0) here |= feature_bit(cpu_feature::enumerator);
  FENBATCH_CPU_FEATURE_TABLE(FENBATCH_CPU_FEATURE_PROBE)
#undef FENBATCH_CPU_FEATURE_PROBE
#endif
  return here;
}

}  // namespace

std::string_view to_string(cpu_feature f) noexcept {
  const auto index = static_cast<std::size_t>(f);
  return index < cpu_feature_names.size() ? cpu_feature_names[index] : "unknown";
}

std::string feature_names(cpu_features set) {
  std::string out;
  for (std::size_t i = 0; i < cpu_feature_names.size(); ++i) {
    if ((set & feature_bit(static_cast<cpu_feature>(i))) == 0) continue;
    if (!out.empty()) out += ", ";
    out += cpu_feature_names[i];
  }
  return out;
}

cpu_features cpu_features_here() noexcept {
  static const cpu_features here = probe_this_cpu();
  return here;
}

}  // namespace fenbatch::core
