// --keep max:FIELD / min:FIELD (issue 29): a value's standing (dedupe/ranked_standing.hpp) and
// the table of each key's best lines beside a partition's set (dedupe/key_rankings.hpp), on
// values and ranks worked out by hand.
#include "dedupe/key_rankings.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <vector>

#include "dedupe/ranked_standing.hpp"

namespace fenbatch::pipeline::detail {
namespace {

TEST(StandingOf, OrdersNumbersAndPutsNoneBelowThem) {
  const double ascending[] = {-1e300, -250, -1, -0.5, 0, 0.25, 1, 1e300};
  for (std::size_t i = 0; i + 1 < std::size(ascending); ++i) {
    EXPECT_LT(standing_of(ascending[i], true), standing_of(ascending[i + 1], true));
    EXPECT_GT(standing_of(ascending[i], false), standing_of(ascending[i + 1], false));
    EXPECT_LT(no_standing, standing_of(ascending[i], true));
    EXPECT_LT(no_standing, standing_of(ascending[i], false));
  }
  EXPECT_EQ(standing_of(-0.0, true), standing_of(0.0, true));
  EXPECT_EQ(standing_of(0.0, false), standing_of(-0.0, false));
}

// The table beside the set, from 16 slots to thousands of keys (it grows): key k's lines have
// standings k % 5, 4, 4, k % 3 (by hand: with one place the best is line 2, unless k % 5 == 4
// makes line 1 tie and win; with two places lines 2 and 3 follow line 1 then).
TEST(KeyRankings, GrowsAndRanksEachKeysLines) {
  for (const std::uint32_t places : {1U, 2U}) {
    key_rankings rankings(places, 16);
    const auto standings = [](std::uint64_t k) {
      return std::vector<std::uint64_t>{k % 5, 4, 4, k % 3};
    };
    for (std::uint64_t k = 0; k < 5000; ++k) {
      const std::vector<std::uint64_t> s = standings(k);
      for (std::uint32_t n = 0; n < s.size(); ++n) {
        rankings.offer({k, ~k}, n + 1, s[n], k * 10 + n);
      }
    }
    for (std::uint64_t k = 0; k < 5000; ++k) {
      const bool first_ties = k % 5 == 4;
      const std::uint32_t expected[2][4] = {
          {first_ties ? 1U : 2U, first_ties ? 2U : 1U, 2U, 2U},
          {first_ties ? 1U : 3U, first_ties ? 2U : 1U, first_ties ? 3U : 2U, 3U}};
      for (std::uint32_t n = 0; n < 4; ++n) {
        const key_rankings::ranking r = rankings.rank({k, ~k}, n + 1);
        ASSERT_EQ(r.rank, expected[places - 1][n]) << "key " << k << " line " << n + 1;
        ASSERT_EQ(r.best_origin, k * 10 + (first_ties ? 0 : 1)) << "key " << k;
      }
    }
  }
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
