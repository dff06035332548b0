// Partitioned dedupe with final counts in the decisions (--keep last, --min-count; issue 28):
// every line is added (no decided keys), and each decision carries the line's occurrence, its
// key's final count and (with origins) its key's first or, with last_origins, last occurrence's
// origin. Ranked (--keep max:FIELD / min:FIELD; issue 29): each line is added with its
// standing, and the decision carries its rank among its key's lines (larger standing first,
// ties to the earlier line; ranked_places + 1 past the kept places) in place of its occurrence,
// and its key's best line's origin. Expected values from a std::map and a stable sort over the
// same lines; with and without splitting.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include "dedupe/partitioned_dedupe.hpp"
#include "dedupe/ranked_standing.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using key = core::position_key;
// A line added: its key, origin (increasing) and standing.
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

struct expected_decision {
  std::uint32_t occurrence = 0;  // ranked: the rank
  std::uint64_t origin = 0;
};

// What a single std::map and a stable sort make of the lines under `options`.
std::vector<expected_decision> expected_decisions(const partitioned_dedupe_options& options,
                                                  const std::vector<line>& lines,
                                                  std::map<key, std::vector<std::size_t>>& of_key) {
  for (std::size_t i = 0; i < lines.size(); ++i) of_key[lines[i].k].push_back(i);
  std::vector<expected_decision> expected(lines.size());
  for (auto& [k, indices] : of_key) {
    std::vector<std::size_t> order = indices;
    if (options.ranked_places != 0) {
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return lines[a].standing > lines[b].standing;
      });
    }
    const std::size_t stands_for = options.ranked_places != 0 ? order.front()
                                   : options.last_origins     ? indices.back()
                                                              : indices.front();
    for (std::size_t r = 0; r < order.size(); ++r) {
      expected_decision& e = expected[order[r]];
      e.occurrence = static_cast<std::uint32_t>(r + 1);
      if (options.ranked_places != 0 && r >= options.ranked_places) {
        e.occurrence = options.ranked_places + 1;
      }
      e.origin = options.with_origins ? lines[stands_for].origin : 0;
    }
  }
  return expected;
}

// Returns the leaf partitions.
std::uint64_t expect_decisions(const partitioned_dedupe_options& options,
                               const std::vector<line>& lines) {
  std::map<key, std::vector<std::size_t>> of_key;
  const std::vector<expected_decision> expected = expected_decisions(options, lines, of_key);
  partitioned_dedupe dedupe(options);
  for (const line& l : lines) dedupe.add(l.k, l.origin, l.standing);
  dedupe.resolve();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const partitioned_dedupe::decision d = dedupe.next(lines[i].k);
    const auto count = static_cast<std::uint32_t>(of_key[lines[i].k].size());
    if (d.occurrence != expected[i].occurrence || d.final_count != count ||
        d.first_origin != expected[i].origin) {
      ADD_FAILURE() << "line " << i << ": occurrence " << d.occurrence << " (expected "
                    << expected[i].occurrence << "), final count " << d.final_count << " (expected "
                    << count << "), origin " << d.first_origin << " (expected "
                    << expected[i].origin << ")";
      break;
    }
  }
  EXPECT_EQ(dedupe.unique(), of_key.size());
  return dedupe.partitions();
}

// Final counts in the decisions; origins in them (first or last) as asked; ranked with
// `places`.
partitioned_dedupe_options options_for(std::uint64_t memory, unsigned threads, bool origins,
                                       bool last, std::uint32_t places = 0) {
  return {.temp_dir = {},
          .memory_bytes = memory,
          .threads = threads,
          .with_origins = origins,
          .final_counts = false,
          .finals_in_decisions = true,
          .last_origins = last,
          .ranked_places = places,
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

TEST_P(PartitionedFinalCounts, RankedDecisionsCarryRanksAndBestOrigins) {
  expect_decisions(options_for(8 << 20, GetParam(), false, false, 1), lines_of(5, 30'000, 100'000));
  expect_decisions(options_for(8 << 20, GetParam(), true, false, 1), lines_of(6, 30'000, 100'000));
  expect_decisions(options_for(8 << 20, GetParam(), true, false, 3), lines_of(7, 30'000, 100'000));
}

// 64 KiB a worker: partitions of a few hundred keys, so 100,000 distinct keys split them.
TEST_P(PartitionedFinalCounts, SplitPartitionsGiveTheSameDecisions) {
  const std::uint64_t memory = GetParam() * (64 << 10);
  for (const bool last : {false, true}) {
    EXPECT_GE(expect_decisions(options_for(memory, GetParam(), true, last),
                               lines_of(4, 100'000, 250'000)),
              100U);
  }
  for (const std::uint32_t places : {1U, 3U}) {
    EXPECT_GE(expect_decisions(options_for(memory, GetParam(), true, false, places),
                               lines_of(8, 100'000, 250'000)),
              100U);
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, PartitionedFinalCounts, ::testing::Values(1U, 2U));

}  // namespace
}  // namespace fenbatch::pipeline::detail
