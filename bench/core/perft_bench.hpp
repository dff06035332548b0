// One perft benchmark for either board: parse `fen` into the board's Record, then count the
// nodes to `depth`. parse_record and perft are the board's own, found through Record's
// namespace. The node count is checked, so a wrong result fails loudly.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>

namespace fenbatch::bench {

template <class Record>
void perft_bench(benchmark::State& state, const char* fen, int depth, std::uint64_t expected) {
  Record rec;
  if (!parse_record(fen, {}, rec).ok()) {
    state.SkipWithError("position rejected");
    return;
  }
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft(rec.pos, depth);
    benchmark::DoNotOptimize(nodes);
  }
  if (nodes != expected) state.SkipWithError("wrong node count");
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(nodes));
}

}  // namespace fenbatch::bench
