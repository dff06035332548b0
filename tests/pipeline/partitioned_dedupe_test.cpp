#include "dedupe/partitioned_dedupe.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace fenbatch::pipeline::detail {
namespace {

using key = core::position_key;

struct decided_key {
  key k;
  std::uint32_t count = 0;
  std::uint64_t first_origin = 0;
};

struct added_line {
  key k;
  std::uint64_t origin = 0;
};

struct workload {
  std::vector<decided_key> decided;  // in the order add_decided() gets them
  std::vector<added_line> added;
};

// What the in-memory dedupe decides, simulated with a std::map.
struct expected_results {
  std::vector<partitioned_dedupe::decision> decisions;
  std::vector<std::pair<key, std::uint32_t>> finals;  // in order of first occurrence
  std::uint64_t unique = 0;
};

expected_results simulate(const workload& w, bool with_origins) {
  struct entry {
    std::uint32_t count = 0;
    std::uint64_t first_origin = 0;
  };
  std::map<key, entry> seen;
  for (const auto& d : w.decided) seen[d.k] = {d.count, d.first_origin};
  expected_results r;
  for (const auto& line : w.added) {
    auto [it, fresh] = seen.try_emplace(line.k, entry{0, line.origin});
    if (it->second.count != UINT32_MAX) ++it->second.count;
    r.decisions.push_back({it->second.count, with_origins ? it->second.first_origin : 0});
  }
  std::vector<std::pair<std::uint64_t, std::pair<key, std::uint32_t>>> by_origin;
  for (const auto& [k, e] : seen) by_origin.push_back({e.first_origin, {k, e.count}});
  std::sort(by_origin.begin(), by_origin.end());
  for (const auto& item : by_origin) r.finals.push_back(item.second);
  r.unique = seen.size();
  return r;
}

struct actual_results {
  std::vector<partitioned_dedupe::decision> decisions;
  std::vector<std::uint32_t> finals;
  std::uint64_t unique = 0;
  std::uint64_t partitions = 0;
  std::uint64_t temp_bytes = 0;
  std::uint64_t progress_calls = 0;
};

actual_results run_partitioned(const partitioned_dedupe_options& options, const workload& w,
                               const expected_results& expected) {
  partitioned_dedupe dedupe(options);
  for (const auto& d : w.decided) dedupe.add_decided(d.k, d.count, d.first_origin);
  for (const auto& line : w.added) dedupe.add(line.k, line.origin);
  actual_results a;
  std::uint64_t last_done = 0;
  dedupe.resolve([&](std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(done, last_done + 1);
    EXPECT_LE(done, total);
    last_done = done;
    ++a.progress_calls;
  });
  for (const auto& line : w.added) a.decisions.push_back(dedupe.next(line.k));
  if (options.final_counts) {
    for (const auto& f : expected.finals) a.finals.push_back(dedupe.final_count(f.first));
  }
  a.unique = dedupe.unique();
  a.partitions = dedupe.partitions();
  a.temp_bytes = dedupe.temp_bytes_written();
  return a;
}

void expect_matches(const partitioned_dedupe_options& options, const workload& w) {
  const expected_results expected = simulate(w, options.with_origins);
  const actual_results actual = run_partitioned(options, w, expected);
  ASSERT_EQ(actual.decisions.size(), expected.decisions.size());
  for (std::size_t i = 0; i < expected.decisions.size(); ++i) {
    ASSERT_EQ(actual.decisions[i].occurrence, expected.decisions[i].occurrence) << "line " << i;
    ASSERT_EQ(actual.decisions[i].first_origin, expected.decisions[i].first_origin) << "line " << i;
  }
  if (options.final_counts) {
    ASSERT_EQ(actual.finals.size(), expected.finals.size());
    for (std::size_t i = 0; i < expected.finals.size(); ++i) {
      ASSERT_EQ(actual.finals[i], expected.finals[i].second) << "first occurrence " << i;
    }
  }
  EXPECT_EQ(actual.unique, expected.unique);
  EXPECT_GE(actual.partitions, 1U);
  EXPECT_GE(actual.progress_calls, 1U);
}

key random_key(std::mt19937_64& rng) {
  return {rng(), rng()};
}

// `lines` added lines drawn from a pool of `distinct` keys with a zipf-like skew (a few keys
// repeated very often, most once or twice), after `decided` decided keys with counts from 1
// to past 255, some of which come again. Origins: decided ones below the added ones, with gaps.
workload skewed_workload(std::uint64_t seed, std::size_t decided, std::size_t distinct,
                         std::size_t lines) {
  std::mt19937_64 rng(seed);
  workload w;
  std::vector<key> pool(distinct);
  for (auto& k : pool) k = random_key(rng);
  pool[0] = key{};                                           // the all-zero key
  if (distinct > 1) pool[1].high |= std::uint64_t{1} << 63;  // a 10x8 key
  std::vector<std::uint64_t> origins(decided);
  for (std::size_t i = 0; i < decided; ++i) origins[i] = i * 3 + 1;
  std::shuffle(origins.begin(), origins.end(), rng);  // any order
  for (std::size_t i = 0; i < decided; ++i) {
    const std::uint32_t count = i % 7 == 0 ? 255 + static_cast<std::uint32_t>(rng() % 70'000)
                                           : 1 + static_cast<std::uint32_t>(rng() % 5);
    // Decided keys are distinct: every third is one the added lines use as well.
    const key k = i % 3 == 0 && i / 3 + 2 < distinct ? pool[i / 3 + 2] : random_key(rng);
    w.decided.push_back({k, count, origins[i]});
  }
  std::uint64_t origin = decided * 3 + 10;
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (std::size_t i = 0; i < lines; ++i) {
    const double u = uniform(rng);
    const auto index = static_cast<std::size_t>(std::pow(u, 3.0) * static_cast<double>(distinct));
    origin += 1 + rng() % 3;
    w.added.push_back({pool[std::min(index, distinct - 1)], origin});
  }
  return w;
}

partitioned_dedupe_options options_for(std::uint64_t memory, unsigned threads, bool origins,
                                       bool finals) {
  partitioned_dedupe_options o;
  o.memory_bytes = memory;
  o.threads = threads;
  o.with_origins = origins;
  o.final_counts = finals;
  return o;
}

class PartitionedDedupeThreads : public ::testing::TestWithParam<unsigned> {};

TEST_P(PartitionedDedupeThreads, MatchesTheReferenceWithoutOrigins) {
  expect_matches(options_for(8 << 20, GetParam(), false, false),
                 skewed_workload(1, 2'000, 50'000, 200'000));
}

TEST_P(PartitionedDedupeThreads, MatchesTheReferenceWithOrigins) {
  expect_matches(options_for(8 << 20, GetParam(), true, false),
                 skewed_workload(2, 2'000, 50'000, 200'000));
}

TEST_P(PartitionedDedupeThreads, MatchesTheReferenceWithOriginsAndFinalCounts) {
  expect_matches(options_for(8 << 20, GetParam(), true, true),
                 skewed_workload(3, 2'000, 50'000, 200'000));
}

TEST_P(PartitionedDedupeThreads, FinalCountsWithoutOriginsInDecisions) {
  expect_matches(options_for(8 << 20, GetParam(), false, true),
                 skewed_workload(4, 500, 20'000, 60'000));
}

TEST_P(PartitionedDedupeThreads, TinyBudgetGivesHundredsOfPartitionsBySplitting) {
  // 64 KiB a worker: a few top-level partitions of about 700 keys each, so 150,000 distinct
  // keys need splits, recursively.
  for (const bool finals : {false, true}) {
    partitioned_dedupe_options o = options_for(GetParam() * (64 << 10), GetParam(), true, finals);
    const workload w = skewed_workload(5, 3'000, 150'000, 400'000);
    const expected_results expected = simulate(w, true);
    const actual_results actual = run_partitioned(o, w, expected);
    EXPECT_GE(actual.partitions, 100U);
    EXPECT_LT(actual.partitions, 2'000U);
    ASSERT_EQ(actual.decisions.size(), expected.decisions.size());
    for (std::size_t i = 0; i < expected.decisions.size(); ++i) {
      ASSERT_EQ(actual.decisions[i].occurrence, expected.decisions[i].occurrence) << i;
      ASSERT_EQ(actual.decisions[i].first_origin, expected.decisions[i].first_origin) << i;
    }
    if (finals) {
      ASSERT_EQ(actual.finals.size(), expected.finals.size());
      for (std::size_t i = 0; i < expected.finals.size(); ++i) {
        ASSERT_EQ(actual.finals[i], expected.finals[i].second) << i;
      }
    }
    EXPECT_EQ(actual.unique, expected.unique);
  }
}

TEST_P(PartitionedDedupeThreads, TinyBudgetWithExpectedLinesStartsWithMorePartitions) {
  partitioned_dedupe_options o = options_for(1 << 20, GetParam(), false, false);
  o.expected_lines = 300'000;
  const workload w = skewed_workload(6, 0, 100'000, 300'000);
  const expected_results expected = simulate(w, false);
  const actual_results actual = run_partitioned(o, w, expected);
  EXPECT_GE(actual.progress_calls, 10U);  // one per top-level partition
  EXPECT_GE(actual.partitions, actual.progress_calls);
  for (std::size_t i = 0; i < expected.decisions.size(); ++i) {
    ASSERT_EQ(actual.decisions[i].occurrence, expected.decisions[i].occurrence) << i;
  }
  EXPECT_EQ(actual.unique, expected.unique);
}

TEST_P(PartitionedDedupeThreads, OneKeyRepeatedAMillionTimesUnderATinyBudget) {
  // Distinct keys fill a set, not records: the key's partition fits and nothing splits.
  workload w;
  const key hot{0x1234, 0x8765};
  for (std::uint64_t i = 0; i < 1'000'000; ++i) w.added.push_back({hot, 100 + i});
  partitioned_dedupe_options o = options_for(GetParam() * (64 << 10), GetParam(), true, true);
  partitioned_dedupe dedupe(o);
  for (const auto& line : w.added) dedupe.add(line.k, line.origin);
  dedupe.resolve();
  for (std::uint32_t n = 1; n <= 1'000'000; ++n) {
    const auto d = dedupe.next(hot);
    ASSERT_EQ(d.occurrence, n);
    ASSERT_EQ(d.first_origin, 100U);
  }
  EXPECT_EQ(dedupe.final_count(hot), 1'000'000U);
  EXPECT_EQ(dedupe.unique(), 1U);
  EXPECT_LE(dedupe.partitions(), 16U);  // the top-level ones: no split
}

INSTANTIATE_TEST_SUITE_P(Threads, PartitionedDedupeThreads, ::testing::Values(1U, 2U));

TEST(PartitionedDedupe, DecidedCountsPastTheByteAndSaturation) {
  workload w;
  const key big{11, 12};
  const key near_max{13, 14 | (std::uint64_t{1} << 63)};
  const key zero{};
  w.decided = {{big, 300, 5}, {near_max, UINT32_MAX - 1, 2}, {zero, 254, 9}};
  for (std::uint64_t i = 0; i < 4; ++i) {
    w.added.push_back({near_max, 20 + 4 * i});
    w.added.push_back({big, 21 + 4 * i});
    w.added.push_back({zero, 22 + 4 * i});
    w.added.push_back({key{15, 16}, 23 + 4 * i});
  }
  // By hand: near_max saturates at UINT32_MAX; big goes 301..304; zero 255..258 (past the
  // byte); {15,16} is new at origin 23.
  const auto o = options_for(1 << 20, 1, true, true);
  const expected_results expected = simulate(w, true);
  ASSERT_EQ(expected.decisions[0].occurrence, UINT32_MAX);
  ASSERT_EQ(expected.decisions[4].occurrence, UINT32_MAX);
  ASSERT_EQ(expected.decisions[13].occurrence, 304U);
  ASSERT_EQ(expected.decisions[14].occurrence, 258U);
  ASSERT_EQ(expected.decisions[15].first_origin, 23U);
  const actual_results actual = run_partitioned(o, w, expected);
  for (std::size_t i = 0; i < expected.decisions.size(); ++i) {
    EXPECT_EQ(actual.decisions[i].occurrence, expected.decisions[i].occurrence) << i;
    EXPECT_EQ(actual.decisions[i].first_origin, expected.decisions[i].first_origin) << i;
  }
  // Final counts by first origin: near_max (2), big (5), zero (9), {15,16} (23).
  EXPECT_EQ(actual.finals, (std::vector<std::uint32_t>{UINT32_MAX, 304, 258, 4}));
  EXPECT_EQ(actual.unique, 4U);
}

TEST(PartitionedDedupe, TempBytesAreTheRecordsDecisionsAndFinalCounts) {
  // Without splits, by the layout: an added line 24 bytes (key, origin) and its decision 12
  // (occurrence, first origin); a decided key 28 (key, count, origin); a final count 4 per key.
  const workload w = skewed_workload(7, 1'000, 5'000, 20'000);
  const expected_results expected = simulate(w, true);
  const actual_results actual = run_partitioned(options_for(64 << 20, 2, true, true), w, expected);
  EXPECT_EQ(actual.temp_bytes, 20'000U * (24 + 12) + 1'000U * 28 + expected.unique * 4);
  const actual_results plain = run_partitioned(options_for(64 << 20, 2, false, false), w, expected);
  EXPECT_EQ(plain.temp_bytes, 20'000U * (16 + 4) + 1'000U * 20);
  EXPECT_EQ(partitioned_dedupe::temp_bytes_per_line(true, true), 24U + 12 + 4);
  EXPECT_EQ(partitioned_dedupe::temp_bytes_per_line(false, false), 16U + 4);
}

TEST(PartitionedDedupe, AMissingTempDirIsAnIoErrorNamingIt) {
  partitioned_dedupe_options o = options_for(1 << 20, 1, false, false);
  o.temp_dir = "/nonexistent/fenbatch-temp";
  try {
    partitioned_dedupe dedupe(o);
    FAIL() << "no error";
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/fenbatch-temp"), std::string::npos)
        << e.what();
  }
}

TEST(PartitionedDedupe, AnEmptyRunResolvesToNothing) {
  partitioned_dedupe dedupe(options_for(1 << 20, 2, true, true));
  std::uint64_t calls = 0;
  dedupe.resolve([&](std::uint64_t, std::uint64_t) { ++calls; });
  EXPECT_GE(calls, 1U);
  EXPECT_EQ(dedupe.unique(), 0U);
  EXPECT_EQ(dedupe.temp_bytes_written(), 0U);
}

TEST(PartitionedDedupe, DecidedKeysAloneGiveTheirFinalCounts) {
  workload w = skewed_workload(8, 5'000, 10, 0);
  expect_matches(options_for(1 << 20, 2, true, true), w);
  expect_matches(options_for(64 << 10, 1, true, true), w);  // 4 partitions, split
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
