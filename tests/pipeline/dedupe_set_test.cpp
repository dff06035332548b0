#include "dedupe/dedupe_set.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace fenbatch::pipeline::detail {
namespace {

core::position_key random_key(std::mt19937_64& rng) {
  return {rng(), rng()};
}

TEST(DedupeSet, CountsOccurrencesPerKey) {
  dedupe_set set(0);
  const core::position_key a{1, 2};
  const core::position_key b{1, 3};  // differs from a in the low word only
  const core::position_key c{7, 2};  // differs from a in the high word only (the home slot)
  EXPECT_EQ(set.add(a), 1U);
  EXPECT_EQ(set.add(b), 1U);
  EXPECT_EQ(set.add(a), 2U);
  EXPECT_EQ(set.add(c), 1U);
  EXPECT_EQ(set.add(a), 3U);
  EXPECT_EQ(set.size(), 3U);
}

TEST(DedupeSet, CountsStayExactPastTheOneByteSlotCount) {
  // Slots count to 254 in a byte; from 255 on the count continues in the map aside. Interleave
  // another key and grow the table meanwhile, so both paths see moves.
  dedupe_set set(0);
  const core::position_key hot{5, 6};
  const core::position_key warm{5, 7};
  std::mt19937_64 rng(7);
  for (std::uint32_t n = 1; n <= 100'000; ++n) {
    ASSERT_EQ(set.add(hot), n);
    if (n % 2 == 0) {
      ASSERT_EQ(set.add(warm), n / 2);
    }
    ASSERT_EQ(set.add(random_key(rng)), 1U);
  }
  EXPECT_EQ(set.size(), 2U + 100'000U);
}

TEST(DedupeSet, SlotsTakeSeventeenBytes) {
  // 16-byte key and 1-byte count per slot: the memory figure in docs/usage.md and the stats.
  const dedupe_set set(1'000'000);
  EXPECT_EQ(set.memory_bytes(), set.capacity() * 17U);
}

TEST(DedupeSet, AllZeroKeyIsAnOrdinaryKey) {
  // The empty-slot marker must not swallow a real key that happens to be zero.
  dedupe_set set(0);
  EXPECT_EQ(set.add({0, 0}), 1U);
  EXPECT_EQ(set.add({0, 0}), 2U);
  EXPECT_EQ(set.add({0, 1}), 1U);
  EXPECT_EQ(set.size(), 2U);
}

TEST(DedupeSet, GrowingKeepsEveryKeyAndCount) {
  // Start far too small so the table grows several times.
  dedupe_set set(0);
  std::mt19937_64 rng(42);
  std::vector<core::position_key> keys;
  for (int i = 0; i < 300'000; ++i) keys.push_back(random_key(rng));
  for (const auto& k : keys) ASSERT_EQ(set.add(k), 1U);
  EXPECT_GT(set.capacity(), 300'000U);
  for (const auto& k : keys) ASSERT_EQ(set.add(k), 2U);
  EXPECT_EQ(set.size(), keys.size());
}

TEST(DedupeSet, KeysSharingTheHomeSlotStayDistinct) {
  // 300 keys whose home slots are the table's last four: one probe run, which wraps around the
  // end of the table, where every key must be found past the others.
  dedupe_set set(0);
  const std::size_t capacity = set.capacity();
  std::mt19937_64 rng(3);
  std::vector<core::position_key> keys;
  // About 4.9 M draws expected; a home() that never picks those slots fails, not hangs.
  for (int draws = 0; keys.size() < 300; ++draws) {
    ASSERT_LT(draws, 100'000'000) << "home slots never reach the table's end";
    const core::position_key k = random_key(rng);
    if (set.home_slot(k) >= capacity - 4) keys.push_back(k);
  }
  for (const auto& k : keys) ASSERT_EQ(set.add(k), 1U);
  for (const auto& k : keys) ASSERT_EQ(set.add(k), 2U);
  EXPECT_EQ(set.size(), keys.size());
}

TEST(DedupeSet, CountsInTheSlotSurviveGrowing) {
  // A count still in its one-byte slot (200) moves with its key when the table grows, and
  // carries on past 255 afterwards.
  dedupe_set set(0);
  const core::position_key hot{11, 12};
  for (std::uint32_t n = 1; n <= 200; ++n) ASSERT_EQ(set.add(hot), n);
  const std::size_t capacity = set.capacity();
  std::mt19937_64 rng(5);
  while (set.capacity() < 2 * capacity) ASSERT_EQ(set.add(random_key(rng)), 1U);
  for (std::uint32_t n = 201; n <= 300; ++n) ASSERT_EQ(set.add(hot), n);
}

TEST(DedupeSet, SlotsDependOnTheKeysWholeAndOnARunSeed) {
  // Keys sharing their high word (what a crafted input would aim at) still spread out.
  dedupe_set a(0);
  dedupe_set b(0);
  int same_home = 0;
  for (std::uint64_t low = 1; low <= 8; ++low) {
    same_home += a.home_slot({low, 42}) == b.home_slot({low, 42}) ? 1 : 0;
  }
  // Two independent seeds put all 8 keys in the same slots with odds about 65536^-8.
  EXPECT_LT(same_home, 8);
  std::set<std::size_t> homes;
  for (std::uint64_t low = 1; low <= 64; ++low) homes.insert(a.home_slot({low, 42}));
  EXPECT_GT(homes.size(), 32U);
}

TEST(DedupeSet, CapacityFollowsTheExpectedSizeNotAPowerOfTwo) {
  dedupe_set set(3'000'000);
  EXPECT_GE(set.capacity(), 4'000'000U);
  EXPECT_LT(set.capacity(), 4'100'000U);
}

TEST(ShardedDedupeSet, EachShardCountsItsOwnKeysAndTheSizesAdd) {
  sharded_dedupe_set set(0, 8);
  ASSERT_EQ(set.shard_count(), 8U);
  std::mt19937_64 rng(5);
  std::vector<core::position_key> keys;
  for (int i = 0; i < 20'000; ++i) keys.push_back(random_key(rng));
  for (int pass = 1; pass <= 2; ++pass) {
    for (const auto& k : keys) {
      const std::size_t s = sharded_dedupe_set::shard_of(k, 8);
      ASSERT_LT(s, 8U);
      ASSERT_EQ(set.shard(s).add(k), static_cast<std::uint32_t>(pass));
    }
  }
  EXPECT_EQ(set.size(), keys.size());
}

TEST(ShardedDedupeSet, RandomKeysSpreadEvenlyOverShards) {
  // 64,000 random keys over 64 shards: 1,000 expected per shard, standard deviation about 31.
  std::vector<int> per_shard(64, 0);
  std::mt19937_64 rng(9);
  for (int i = 0; i < 64'000; ++i) ++per_shard[sharded_dedupe_set::shard_of(random_key(rng), 64)];
  for (const int n : per_shard) {
    EXPECT_GT(n, 800);
    EXPECT_LT(n, 1200);
  }
}

TEST(ShardedDedupeSet, OneShardHoldsEveryKey) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(sharded_dedupe_set::shard_of(random_key(rng), 1), 0U);
}

TEST(ShardedDedupeSet, SmallInputPaysForOneTablesMinimumNotOnePerShard) {
  // 65,536 slots of 17 bytes: the single table's minimum, split over the shards.
  EXPECT_EQ(sharded_dedupe_set(0, 1).memory_bytes(), 65'536U * 17U);
  EXPECT_EQ(sharded_dedupe_set(0, 64).memory_bytes(), 65'536U * 17U);
}

TEST(ShardedDedupeSet, ShardCountMustBeAPowerOfTwoUpToSixtyFour) {
  EXPECT_THROW(sharded_dedupe_set(0, 0), std::invalid_argument);
  EXPECT_THROW(sharded_dedupe_set(0, 6), std::invalid_argument);
  EXPECT_THROW(sharded_dedupe_set(0, 128), std::invalid_argument);
  EXPECT_NO_THROW(sharded_dedupe_set(0, 64));
}

}  // namespace
}  // namespace fenbatch::pipeline::detail

namespace fenbatch::pipeline::detail {
namespace {

TEST(DedupeSet, AddAgreesWithAReferenceMapOnEveryPath) {
  // add() decides most keys inline and leaves the rest (the all-zero key, counts of 254 and
  // more, a new key at the growth point) to its out-of-line path: a skewed stream through a
  // table that starts small and grows meets every case, each count checked against a map.
  dedupe_set set(0, 16);
  std::map<core::position_key, std::uint32_t> reference;
  std::mt19937_64 rng(31);
  std::vector<core::position_key> pool{{0, 0}};
  for (int i = 0; i < 2'000; ++i) pool.push_back(random_key(rng));
  for (int i = 0; i < 200'000; ++i) {
    // Half the draws from the pool's first eight keys (counts far past 255), the rest spread.
    const std::uint64_t r = rng();
    const core::position_key key = (r & 1) != 0   ? pool[(r >> 1) % 8]
                                   : (r & 2) != 0 ? pool[(r >> 2) % pool.size()]
                                                  : random_key(rng);
    ASSERT_EQ(set.add(key), ++reference[key]);
  }
  EXPECT_EQ(set.size(), reference.size());
  for (const auto& [key, n] : reference) EXPECT_EQ(set.count(key), n);
}

TEST(DedupeSet, CountLooksUpWithoutAdding) {
  dedupe_set set(0);
  const core::position_key a{1, 2};
  const core::position_key absent{1, 4};
  const core::position_key zero{0, 0};
  EXPECT_EQ(set.count(a), 0U);
  set.add(a);
  set.add(a);
  set.add(zero);
  EXPECT_EQ(set.count(a), 2U);
  EXPECT_EQ(set.count(zero), 1U);
  EXPECT_EQ(set.count(absent), 0U);
  EXPECT_TRUE(set.contains(a));
  EXPECT_FALSE(set.contains(absent));
  EXPECT_EQ(set.size(), 2U);  // (count() added nothing)
}

TEST(DedupeSet, CountIsExactPastTheOneByteSlotCount) {
  dedupe_set set(0);
  const core::position_key hot{5, 6};
  for (int n = 0; n < 300; ++n) set.add(hot);
  EXPECT_EQ(set.count(hot), 300U);
  for (int n = 0; n < 700; ++n) set.add(hot);
  EXPECT_EQ(set.count(hot), 1000U);
}

TEST(DedupeSet, FirstOccurrenceIsKeptPerKeyThroughGrowth) {
  // 100,000 keys from a 16-slot start grow the table many times; every key's first origin
  // must survive the moves, and a repeat must be told the first one, not its own.
  dedupe_set set(0, 16, /*with_origins=*/true);
  std::mt19937_64 rng(11);
  std::vector<core::position_key> keys;
  for (std::uint64_t i = 0; i < 100'000; ++i) {
    keys.push_back(random_key(rng));
    std::uint64_t origin = 1000 + i;
    ASSERT_EQ(set.add_with_origin(keys.back(), origin), 1U);
    ASSERT_EQ(origin, 1000 + i);
  }
  for (std::uint64_t i = 0; i < keys.size(); i += 997) {
    std::uint64_t origin = 7;
    ASSERT_EQ(set.add_with_origin(keys[i], origin), 2U);
    ASSERT_EQ(origin, 1000 + i);
  }
  std::uint64_t zero_origin = 42;
  EXPECT_EQ(set.add_with_origin({0, 0}, zero_origin), 1U);
  zero_origin = 43;
  EXPECT_EQ(set.add_with_origin({0, 0}, zero_origin), 2U);
  EXPECT_EQ(zero_origin, 42U);
}

TEST(DedupeSet, OriginsCostBytesOnlyWhenAsked) {
  const dedupe_set plain(0, 1024);
  const dedupe_set with_origins(0, 1024, true);
  EXPECT_EQ(plain.memory_bytes(), plain.capacity() * 17);
  EXPECT_EQ(with_origins.memory_bytes(), with_origins.capacity() * 25);
}

TEST(DedupeSet, DecidedKeysContinueFromTheirCountAndOrigin) {
  dedupe_set set(0, 16, true);
  const core::position_key a{3, 4};
  const core::position_key zero{};
  set.insert_decided(a, 300, 17);  // past the one-byte count
  set.insert_decided(zero, 2, 5);
  set.insert_decided(core::position_key{8, 9}, 254, 6);
  EXPECT_EQ(set.size(), 3U);
  std::uint64_t origin = 99;
  EXPECT_EQ(set.add_with_origin(a, origin), 301U);
  EXPECT_EQ(origin, 17U);
  origin = 99;
  EXPECT_EQ(set.add_with_origin(zero, origin), 3U);
  EXPECT_EQ(origin, 5U);
  origin = 99;
  EXPECT_EQ(set.add_with_origin(core::position_key{8, 9}, origin), 255U);
  EXPECT_EQ(set.first_origin(a), 17U);
  EXPECT_EQ(set.first_origin(core::position_key{1, 1}), 0U);
}

TEST(DedupeSet, AFixedSizeSetThrowsInsteadOfGrowing) {
  dedupe_set set(12, 16);  // 17 slots: grows past 12 keys
  set.forbid_growth();
  std::mt19937_64 rng(3);
  for (int i = 0; i < 12; ++i) set.add(random_key(rng));
  const std::size_t capacity = set.capacity();
  EXPECT_THROW(set.add(random_key(rng)), dedupe_set::capacity_exceeded);
  EXPECT_EQ(set.capacity(), capacity);
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
