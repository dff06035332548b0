#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "kernels.hpp"

namespace fenbatch::core::simd {
namespace {

constexpr kernels scalar_kernels{"scalar", &scalar::decode};

const kernels& select_kernels() noexcept {
  const char* forced = std::getenv("FENBATCH_FORCE_IMPL");
  if (forced != nullptr && std::string_view(forced) != "scalar" && *forced != '\0') {
    // An unknown name must not silently test the wrong implementation.
    std::fprintf(stderr,
                 "fenbatch: FENBATCH_FORCE_IMPL=%s: unknown implementation (known: scalar)\n",
                 forced);
    std::abort();
  }
  return scalar_kernels;
}

}  // namespace

const kernels& active_kernels() noexcept {
  static const kernels& chosen = select_kernels();
  return chosen;
}

}  // namespace fenbatch::core::simd
