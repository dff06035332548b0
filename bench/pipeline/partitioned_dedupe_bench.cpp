// The dedupe past memory on its own: 4 M keys (30% of them repeats of an earlier key) through
// pass 1 (add), pass 2 (resolve) and pass 3 (next, final_count), at budgets that give about 16
// and about 256 top-level partitions. Items are lines; ns_per_line and temp_bytes_per_line as
// counters. Temporary files go to $TMPDIR, else /tmp.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "dedupe/partitioned_dedupe.hpp"

namespace {

using fenbatch::core::position_key;
using fenbatch::pipeline::detail::partitioned_dedupe;
using fenbatch::pipeline::detail::partitioned_dedupe_options;

constexpr std::size_t line_count = 4'000'000;

const std::vector<position_key>& keys() {
  static const std::vector<position_key> all = [] {
    std::mt19937_64 rng(42);
    std::vector<position_key> v;
    v.reserve(line_count);
    for (std::size_t i = 0; i < line_count; ++i) {
      if (!v.empty() && rng() % 10 < 3) {
        v.push_back(v[rng() % v.size()]);
      } else {
        v.push_back({rng(), rng()});
      }
    }
    return v;
  }();
  return all;
}

// Arguments: budget (MiB), expected lines given (1) or not (0), threads, origins and final
// counts (1) or plain dedupe (0).
void partitioned_dedupe_bench(benchmark::State& state) {
  const auto& lines = keys();
  partitioned_dedupe_options options;
  options.memory_bytes = static_cast<std::uint64_t>(state.range(0)) << 20;
  options.expected_lines = state.range(1) != 0 ? line_count : 0;
  options.threads = static_cast<unsigned>(state.range(2));
  options.with_origins = options.final_counts = state.range(3) != 0;
  std::uint64_t partitions = 0;
  std::uint64_t temp_bytes = 0;
  std::uint64_t checksum = 0;
  std::vector<position_key> firsts;
  firsts.reserve(line_count);
  for (auto _ : state) {
    partitioned_dedupe dedupe(options);
    for (std::size_t i = 0; i < lines.size(); ++i) dedupe.add(lines[i], i);
    dedupe.resolve();
    firsts.clear();
    for (const auto& key : lines) {
      const auto d = dedupe.next(key);
      checksum += d.occurrence + d.first_origin;
      if (d.occurrence == 1) firsts.push_back(key);
    }
    // --counts: the final counts in order of first occurrence (no decided keys here).
    if (options.final_counts) {
      for (const auto& key : firsts) checksum += dedupe.final_count(key);
    }
    partitions = dedupe.partitions();
    temp_bytes = dedupe.temp_bytes_written();
  }
  benchmark::DoNotOptimize(checksum);
  const auto iterations = static_cast<double>(state.iterations());
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(line_count));
  state.counters["ns_per_line"] =
      benchmark::Counter(iterations * static_cast<double>(line_count),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["partitions"] = static_cast<double>(partitions);
  state.counters["temp_bytes_per_line"] =
      static_cast<double>(temp_bytes) / static_cast<double>(line_count);
}

BENCHMARK(partitioned_dedupe_bench)
    ->ArgNames({"budget_mib", "expected", "threads", "counts"})
    ->Args({16, 1, 1, 0})  // ~16 partitions, sized from the expected lines
    ->Args({64, 0, 1, 0})  // 256 partitions (unknown size)
    ->Args({16, 1, 2, 0})
    ->Args({24, 1, 1, 1})  // with origins and final counts, ~16 partitions
    ->Args({64, 0, 1, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
