// Partitioned dedupe with final counts in the decisions (--keep last, --min-count; issue 28):
// every line is added (no decided keys), and each decision carries the line's occurrence, its
// key's final count and (with origins) its key's first or, with last_origins, last occurrence's
// origin. Expected values from a std::map over the same lines; with and without splitting.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "dedupe/partitioned_dedupe.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using key = core::position_key;
// A line added: its key and origin (increasing).
using line = std::pair<key, std::uint64_t>;

// `count` lines over `distinct` keys, a few very frequent; increasing origins.
std::vector<line> lines_of(std::uint64_t seed, std::size_t distinct, std::size_t count) {
  std::mt19937_64 rng(seed);
  std::vector<key> pool(distinct);
  for (auto& k : pool) k = {rng(), rng()};
  pool[0] = key{};  // the all-zero key
  std::vector<line> lines;
  std::uint64_t origin = 5;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t pick = rng() % 8 == 0 ? rng() % 16 : rng() % distinct;
    origin += 1 + rng() % 3;
    lines.emplace_back(pool[pick], origin);
  }
  return lines;
}

// Returns the leaf partitions.
std::uint64_t expect_decisions(const partitioned_dedupe_options& options,
                               const std::vector<line>& lines) {
  struct entry {
    std::uint32_t count = 0;
    std::uint64_t first = 0;
    std::uint64_t last = 0;
  };
  std::map<key, entry> seen;
  std::vector<std::uint32_t> occurrence;
  for (const auto& [k, origin] : lines) {
    entry& e = seen[k];
    if (e.count++ == 0) e.first = origin;
    e.last = origin;
    occurrence.push_back(e.count);
  }
  partitioned_dedupe dedupe(options);
  for (const auto& [k, origin] : lines) dedupe.add(k, origin);
  dedupe.resolve();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const partitioned_dedupe::decision d = dedupe.next(lines[i].first);
    const entry& e = seen[lines[i].first];
    const std::uint64_t expected_origin =
        options.with_origins ? (options.last_origins ? e.last : e.first) : 0;
    if (d.occurrence != occurrence[i] || d.final_count != e.count ||
        d.first_origin != expected_origin) {
      ADD_FAILURE() << "line " << i << ": occurrence " << d.occurrence << " (expected "
                    << occurrence[i] << "), final count " << d.final_count << " (expected "
                    << e.count << "), origin " << d.first_origin << " (expected " << expected_origin
                    << ")";
      break;
    }
  }
  EXPECT_EQ(dedupe.unique(), seen.size());
  return dedupe.partitions();
}

// Final counts in the decisions; origins in them (first or last) as asked.
partitioned_dedupe_options options_for(std::uint64_t memory, unsigned threads, bool origins,
                                       bool last) {
  return {.temp_dir = {},
          .memory_bytes = memory,
          .threads = threads,
          .with_origins = origins,
          .final_counts = false,
          .finals_in_decisions = true,
          .last_origins = last,
          .expected_lines = 0};
}

class PartitionedFinalCounts : public ::testing::TestWithParam<unsigned> {};

TEST_P(PartitionedFinalCounts, DecisionsCarryFinalCountsWithoutOrigins) {
  expect_decisions(options_for(8 << 20, GetParam(), false, false), lines_of(1, 30'000, 100'000));
}

TEST_P(PartitionedFinalCounts, DecisionsCarryFirstOrigins) {
  expect_decisions(options_for(8 << 20, GetParam(), true, false), lines_of(2, 30'000, 100'000));
}

TEST_P(PartitionedFinalCounts, DecisionsCarryLastOrigins) {
  expect_decisions(options_for(8 << 20, GetParam(), true, true), lines_of(3, 30'000, 100'000));
}

// 64 KiB a worker: partitions of a few hundred keys, so 100,000 distinct keys split them.
TEST_P(PartitionedFinalCounts, SplitPartitionsGiveTheSameDecisions) {
  for (const bool last : {false, true}) {
    EXPECT_GE(expect_decisions(options_for(GetParam() * (64 << 10), GetParam(), true, last),
                               lines_of(4, 100'000, 250'000)),
              100U);
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, PartitionedFinalCounts, ::testing::Values(1U, 2U));

}  // namespace
}  // namespace fenbatch::pipeline::detail
