// Rows per second of the column table behind fenbatch.decode (pipeline/position_table.hpp):
// decode_rows on 1 and 2 threads and fill_planes, over a million lines spread evenly over the
// 20 shared corpora concatenated (or, without ../shared, generated lines), back to back in one
// buffer as bytes given to decode() are. Report: rows/s = items_per_second (real time).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "column_table.hpp"
#include "fenbatch/pipeline/position_table.hpp"
#include "shared_data.hpp"

namespace {

using namespace fenbatch;

constexpr std::size_t row_count = 1'000'000;

struct bench_lines {
  std::string text;  // the lines, each with its LF
  std::vector<std::string_view> lines;
  std::string source;  // what the lines are
};

// Lines without ../shared: start-like positions with varied counters and a few pieces moved.
std::string generated_text() {
  const std::vector<std::string> boards{
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
      "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -",
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -",
      "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq -"};
  std::string text;
  for (std::size_t i = 0; i < row_count; ++i) {
    text.append(boards[i % boards.size()]).append(" ");
    text.append(std::to_string(i % 50)).append(" ").append(std::to_string(1 + i % 200));
    text += '\n';
  }
  return text;
}

const bench_lines& lines() {
  static const bench_lines m = [] {
    bench_lines out;
    const auto shared = fenbatch::test::shared_dir();
    if (shared) {
      std::string all;
      for (const auto& file : fenbatch::test::corpus_files(*shared)) {
        all += fenbatch::test::read_zst(file);
      }
      std::vector<std::string_view> every;
      pipeline::split_lines(all, every);
      // row_count lines spread evenly over all of them (all of them when fewer).
      const std::size_t take = std::min(row_count, every.size());
      for (std::size_t i = 0; i < take; ++i) {
        out.text.append(every[i * every.size() / take]).append("\n");
      }
      out.source = std::to_string(take).append(" lines of ../shared/corpus");
    } else {
      out.text = generated_text();
      out.source = std::to_string(row_count).append(" generated lines (no ../shared)");
    }
    pipeline::split_lines(out.text, out.lines);
    return out;
  }();
  return m;
}

using table = test::column_table;

// Argument: threads (0: the CPUs this process may use).
void decode_rows(benchmark::State& state) {
  const bench_lines& m = lines();
  table t(m.lines.size());
  const pipeline::table_threads threads{static_cast<unsigned>(state.range(0))};
  for (auto _ : state) {
    pipeline::decode_rows(m.lines, {}, t.columns(), threads);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.lines.size()));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(m.text.size()));
  state.SetLabel(m.source);
}
BENCHMARK(decode_rows)->Arg(1)->Arg(2)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

// Splitting the bytes into lines, as decode(bytes) does first (one thread).
void split_lines(benchmark::State& state) {
  const bench_lines& m = lines();
  std::vector<std::string_view> out;
  for (auto _ : state) {
    out.clear();
    pipeline::split_lines(m.text, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.lines.size()));
}
BENCHMARK(split_lines)->Unit(benchmark::kMillisecond)->UseRealTime();

// Planes of every row (N x 12 x 8 x 8) into a buffer written once before (a fresh NumPy
// array's first touch is the allocator's cost, not this one's). Arguments: threads, and the
// element size (1 uint8, 4 float, 8 double).
template <class Value>
void fill_planes_of(benchmark::State& state) {
  const bench_lines& m = lines();
  table t(m.lines.size());
  pipeline::decode_rows(m.lines, {}, t.columns());
  std::vector<Value> planes(m.lines.size() * core::row_bitboards * 64, Value(1));
  const pipeline::table_threads threads{static_cast<unsigned>(state.range(0))};
  for (auto _ : state) {
    pipeline::fill_planes(t.bitboards.data(), m.lines.size(), planes.data(), threads);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.lines.size()));
  state.SetBytesProcessed(state.iterations() *
                          static_cast<std::int64_t>(planes.size() * sizeof(Value)));
}
BENCHMARK_TEMPLATE(fill_planes_of, float)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(fill_planes_of, std::uint8_t)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(fill_planes_of, double)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// Canonical lines of every row (fens()).
void canonical_lines(benchmark::State& state) {
  const bench_lines& m = lines();
  std::vector<std::string> canonical;
  std::vector<bool> valid;
  const pipeline::table_threads threads{static_cast<unsigned>(state.range(0))};
  for (auto _ : state) {
    pipeline::canonical_lines(m.lines, {}, canonical, valid, threads);
    benchmark::DoNotOptimize(canonical.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.lines.size()));
}
BENCHMARK(canonical_lines)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
