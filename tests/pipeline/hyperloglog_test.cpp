// The HyperLogLog sketch of --uniqueness (uniqueness/hyperloglog.hpp) and the identity counter
// beside it: estimates of SplitMix64 streams of known distinct counts within 3 relative standard
// errors (1.04 / 256), merging equal to sketching the union register for register, order and
// repetition not mattering; the exact set's switch to the sketch past its share.
#include "uniqueness/hyperloglog.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "chunks/chunk.hpp"
#include "fenbatch/pipeline/uniqueness_stats.hpp"
#include "uniqueness/identity_counter.hpp"
#include "uniqueness/key_set.hpp"
#include "uniqueness/uniqueness_counter.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// SplitMix64 (Steele, Lea, Flood 2014): distinct inputs give distinct outputs, uniform bits.
std::uint64_t split_mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

core::position_key key_of(std::uint64_t i) {
  return {split_mix(i), split_mix(~i)};
}

double relative_error(std::uint64_t estimate, std::uint64_t truth) {
  return std::fabs(static_cast<double>(estimate) - static_cast<double>(truth)) /
         static_cast<double>(truth);
}

TEST(HyperLogLog, EmptyIsZero) {
  EXPECT_EQ(hyperloglog().estimate(), 0U);
}

TEST(HyperLogLog, MillionDistinctWithinThreeStandardErrors) {
  hyperloglog sketch;
  for (std::uint64_t i = 0; i < 1'000'000; ++i) sketch.add(key_of(i));
  EXPECT_LE(relative_error(sketch.estimate(), 1'000'000), 3 * sketch_relative_standard_error);
}

TEST(HyperLogLog, SmallAndMiddleCountsWithinThreeStandardErrors) {
  // Below, around and above the 2.5 x 2^16 where the classic estimator changes formulas.
  for (const std::uint64_t n : {1'000ULL, 50'000ULL, 163'840ULL, 300'000ULL}) {
    hyperloglog sketch;
    for (std::uint64_t i = 0; i < n; ++i) sketch.add(key_of(i + (n << 32)));
    EXPECT_LE(relative_error(sketch.estimate(), n), 3 * sketch_relative_standard_error) << n;
  }
}

TEST(HyperLogLog, RepeatsAndOrderDoNotMatter) {
  hyperloglog forward;
  hyperloglog backward_twice;
  for (std::uint64_t i = 0; i < 100'000; ++i) forward.add(key_of(i));
  for (int pass = 0; pass < 2; ++pass) {
    for (std::uint64_t i = 100'000; i-- > 0;) backward_twice.add(key_of(i));
  }
  EXPECT_EQ(forward.registers(), backward_twice.registers());
  EXPECT_EQ(forward.estimate(), backward_twice.estimate());
}

TEST(HyperLogLog, MergeEqualsTheSketchOfTheUnion) {
  hyperloglog first;   // keys 0 .. 599,999
  hyperloglog second;  // keys 400,000 .. 999,999: overlapping
  hyperloglog whole;
  for (std::uint64_t i = 0; i < 1'000'000; ++i) {
    if (i < 600'000) first.add(key_of(i));
    if (i >= 400'000) second.add(key_of(i));
    whole.add(key_of(i));
  }
  first.merge(second.registers());
  EXPECT_EQ(first.registers(), whole.registers());
  EXPECT_EQ(first.estimate(), whole.estimate());
  EXPECT_LE(relative_error(first.estimate(), 1'000'000), 3 * sketch_relative_standard_error);
}

TEST(IdentityCounter, ExactWithinItsShareThenEstimated) {
  std::vector<core::position_key> keys;
  for (std::uint64_t i = 0; i < 20'000; ++i) keys.push_back(key_of(i % 5'000));
  identity_counter roomy(std::uint64_t{64} << 20);
  roomy.add(keys);
  EXPECT_EQ(roomy.result(), (identity_distinct{5'000, true}));

  // 4096 slots of 16 bytes fit 100 KiB, growing to 6,144 (both alive: 160 KiB) does not:
  // 3,072 keys at most.
  EXPECT_EQ(key_set::largest_capacity(4096, 100 << 10), 4096U);
  identity_counter tight(100 << 10);
  tight.add(keys);
  const identity_distinct counted = tight.result();
  EXPECT_FALSE(counted.exact);
  EXPECT_EQ(counted.distinct, tight.sketch().estimate());
  EXPECT_LE(relative_error(counted.distinct, 5'000), 3 * sketch_relative_standard_error);
}

TEST(IdentityCounter, TheSwitchDoesNotDependOnHowKeysAreGroupedOrTheSetSized) {
  // 1 MiB at 16 bytes a slot: capacities 4,096, 6,144, 9,216, 13,824, 20,736, 31,104 (growing
  // to 46,656 would hold both arrays, 1.2 MB): 3/4 of 31,104, 23,328 keys, exactly.
  std::vector<core::position_key> keys;
  for (std::uint64_t i = 0; i < 23'328; ++i) keys.push_back(key_of(i));
  for (const std::uint64_t expected : {0ULL, 10'000ULL, 1'000'000ULL}) {
    identity_counter whole(1 << 20);
    whole.reserve(expected);
    whole.add(keys);
    EXPECT_EQ(whole.result(), (identity_distinct{23'328, true})) << expected;
    identity_counter one_by_one(1 << 20);
    one_by_one.reserve(expected);
    for (const core::position_key& key : keys) one_by_one.add({&key, 1});
    const core::position_key one_more = key_of(23'328);
    one_by_one.add({&one_more, 1});
    EXPECT_FALSE(one_by_one.result().exact) << expected;
  }
}

TEST(KeySet, AddsEachKeyOnceGrowsThenIsFull) {
  key_set set(16, 24);  // 16 slots (12 keys), then 24 (18 keys), no further
  EXPECT_EQ(set.insert(core::position_key{}), key_set::insertion::added);  // the all-zero key
  EXPECT_EQ(set.insert(core::position_key{}), key_set::insertion::present);
  for (std::uint64_t i = 1; i < 18; ++i) {
    EXPECT_EQ(set.insert(key_of(i)), key_set::insertion::added) << i;
    EXPECT_EQ(set.insert(key_of(i)), key_set::insertion::present) << i;
  }
  EXPECT_EQ(set.size(), 18U);
  EXPECT_EQ(set.capacity(), 24U);
  EXPECT_EQ(set.insert(key_of(100)), key_set::insertion::full);
  EXPECT_EQ(set.insert(key_of(5)), key_set::insertion::present);
  EXPECT_EQ(key_set::capacity_for(4096, 100'000, 1'000'000), 157'464U);  // 4096 x 1.5^9
  EXPECT_EQ(key_set::capacity_for(4096, 100'000, 31'104), 31'104U);
}

TEST(RankUniqueness, SketchesMergeRegisterWise) {
  // Two ranks, each exact over its half (overlapping by 1,000): the run's estimate is the
  // union's, 3,000 within the error, never the 4,000 the exact counts add to.
  uniqueness_counter first(0x3F, std::uint64_t{64} << 20, 0);
  uniqueness_counter second(0x3F, std::uint64_t{64} << 20, 0);
  chunk a;
  chunk b;
  for (std::uint64_t i = 0; i < 2'000; ++i) a.identity_keys[0].push_back(key_of(i));
  for (std::uint64_t i = 1'000; i < 3'000; ++i) b.identity_keys[0].push_back(key_of(i));
  first.add(identity::fen, a);
  second.add(identity::fen, b);
  const std::vector<uniqueness_stats> parts{first.result(), second.result()};
  EXPECT_EQ(parts[0].identities[0], (identity_distinct{2'000, true}));
  const uniqueness_stats merged = merge_rank_uniqueness(parts);
  EXPECT_FALSE(merged.identities[0].exact);
  EXPECT_LE(relative_error(merged.identities[0].distinct, 3'000),
            3 * sketch_relative_standard_error);
  EXPECT_EQ(merged.identities[1], (identity_distinct{0, false}));
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
