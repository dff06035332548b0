// The depths of ../shared/vectors/perft-10x8.epd over 20 million nodes (D5 of five lines, up
// to 779 M nodes): ctest label `long`, which the presets leave out; run them with
// `ctest --test-dir build/release -L long`.
#include <gtest/gtest.h>

#include "ten_by_eight_perft_suite.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

TEST(TenByEightPerftLong, VectorsOverTwentyMillionNodes) {
  FENBATCH_REQUIRE_SHARED(shared);
  EXPECT_EQ(
      test::check_ten_by_eight_perft(shared / "vectors" / "perft-10x8.epd", 20'000'001, UINT64_MAX),
      5);
}

}  // namespace
}  // namespace fenbatch::core::ten_by_eight
