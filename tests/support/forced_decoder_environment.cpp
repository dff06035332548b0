// The core suite under FENBATCH_FORCE_IMPL (ctest's core.impl.NAME runs it once per
// implementation the build contains, on whatever CPU runs the tests). Where this CPU lacks a
// feature the forced implementation needs, every test is skipped and the missing features
// named: the only skip besides an absent ../shared, and ctest reports the run as skipped. A
// name the build does not know fails the suite instead: it would otherwise test the default
// implementation under a wrong name.
#include <gtest/gtest.h>

#include "fenbatch/core/decoder_registry.hpp"

namespace {

class forced_decoder_environment : public ::testing::Environment {
 public:
  void SetUp() override {
    const fenbatch::core::decoder_selection& selection = fenbatch::core::selected_decoder();
    switch (selection.error) {
      case fenbatch::core::decoder_selection_errc::ok: return;
      case fenbatch::core::decoder_selection_errc::unsupported_cpu:
        // (tests/CMakeLists.txt matches this text to report the skip)
        GTEST_SKIP() << "every test skipped: " << selection.message();
      case fenbatch::core::decoder_selection_errc::unknown_decoder: FAIL() << selection.message();
    }
  }
};

// GoogleTest owns and deletes the environment.
[[maybe_unused]] const ::testing::Environment* const registered =
    ::testing::AddGlobalTestEnvironment(new forced_decoder_environment);

}  // namespace
