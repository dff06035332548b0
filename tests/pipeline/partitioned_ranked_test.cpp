// Partitioned dedupe ranked by standing (--keep max:FIELD / min:FIELD; issue 29): every line is
// added with its standing, and each decision carries the line's rank among its key's lines
// (by standing, larger first, ties to the earlier line; ranked_places + 1 past the kept
// places), its key's final count and (with origins) its key's best line's origin. Expected
// values from a std::map and a stable sort over the same lines; with and without splitting.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include "dedupe/key_rankings.hpp"
#include "dedupe/partitioned_dedupe.hpp"
#include "dedupe/ranked_standing.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using key = core::position_key;
struct line {
  key k;
  std::uint64_t origin;
  std::uint64_t standing;
};

// `count` lines over `distinct` keys, a few very frequent; increasing origins; standings from
// a few values (many ties), some none.
std::vector<line> lines_of(std::uint64_t seed, std::size_t distinct, std::size_t count) {
  std::mt19937_64 rng(seed);
  std::vector<key> pool(distinct);
  for (auto& k : pool) k = {rng(), rng()};
  pool[0] = key{};  // the all-zero key
  const double values[] = {-2.5, -1, 0, 0.5, 1, 3, 250};
  std::vector<line> lines;
  std::uint64_t origin = 5;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t pick = rng() % 8 == 0 ? rng() % 16 : rng() % distinct;
    origin += 1 + rng() % 3;
    const std::size_t v = rng() % 8;
    lines.push_back({pool[pick], origin, v == 7 ? no_standing : standing_of(values[v], true)});
  }
  return lines;
}

// Returns the leaf partitions.
std::uint64_t expect_ranks(const partitioned_dedupe_options& options,
                           const std::vector<line>& lines) {
  std::map<key, std::vector<std::size_t>> lines_of_key;
  for (std::size_t i = 0; i < lines.size(); ++i) lines_of_key[lines[i].k].push_back(i);
  std::vector<std::uint32_t> rank(lines.size());
  std::map<key, std::uint64_t> best_origin;
  for (auto& [k, indices] : lines_of_key) {
    std::vector<std::size_t> order = indices;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return lines[a].standing > lines[b].standing;
    });
    for (std::size_t r = 0; r < order.size(); ++r) {
      rank[order[r]] =
          r < options.ranked_places ? static_cast<std::uint32_t>(r + 1) : options.ranked_places + 1;
    }
    best_origin[k] = lines[order.front()].origin;
  }
  partitioned_dedupe dedupe(options);
  for (const line& l : lines) dedupe.add(l.k, l.origin, l.standing);
  dedupe.resolve();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const partitioned_dedupe::decision d = dedupe.next(lines[i].k);
    const auto count = static_cast<std::uint32_t>(lines_of_key[lines[i].k].size());
    const std::uint64_t origin = options.with_origins ? best_origin[lines[i].k] : 0;
    if (d.occurrence != rank[i] || d.final_count != count || d.first_origin != origin) {
      ADD_FAILURE() << "line " << i << ": rank " << d.occurrence << " (expected " << rank[i]
                    << "), final count " << d.final_count << " (expected " << count << "), origin "
                    << d.first_origin << " (expected " << origin << ")";
      break;
    }
  }
  EXPECT_EQ(dedupe.unique(), lines_of_key.size());
  return dedupe.partitions();
}

partitioned_dedupe_options options_for(std::uint64_t memory, unsigned threads, bool origins,
                                       std::uint32_t places) {
  return {.temp_dir = {},
          .memory_bytes = memory,
          .threads = threads,
          .with_origins = origins,
          .final_counts = false,
          .finals_in_decisions = true,
          .last_origins = false,
          .ranked_places = places,
          .expected_lines = 0};
}

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

class PartitionedRanked : public ::testing::TestWithParam<unsigned> {};

TEST_P(PartitionedRanked, DecisionsCarryRanksWithoutOrigins) {
  expect_ranks(options_for(8 << 20, GetParam(), false, 1), lines_of(1, 30'000, 100'000));
}

TEST_P(PartitionedRanked, DecisionsCarryRanksAndBestOrigins) {
  expect_ranks(options_for(8 << 20, GetParam(), true, 1), lines_of(2, 30'000, 100'000));
  expect_ranks(options_for(8 << 20, GetParam(), true, 3), lines_of(3, 30'000, 100'000));
}

// 64 KiB a worker: partitions of a few hundred keys, so 100,000 distinct keys split them.
TEST_P(PartitionedRanked, SplitPartitionsGiveTheSameDecisions) {
  for (const std::uint32_t places : {1U, 3U}) {
    EXPECT_GE(expect_ranks(options_for(GetParam() * (64 << 10), GetParam(), true, places),
                           lines_of(4, 100'000, 250'000)),
              100U);
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, PartitionedRanked, ::testing::Values(1U, 2U));

}  // namespace
}  // namespace fenbatch::pipeline::detail
