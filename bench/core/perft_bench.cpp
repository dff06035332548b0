// Deeper perft than the tests run: node counts are checked, so a wrong result fails loudly.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/record.hpp"
#include "perft_bench.hpp"

namespace {

void perft_bench(benchmark::State& state, const char* fen, int depth, std::uint64_t expected) {
  fenbatch::bench::perft_bench<fenbatch::core::record>(state, fen, depth, expected);
}

// Counts from shared/vectors/perft-*.epd.
BENCHMARK_CAPTURE(perft_bench, start_d5, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                  5, 4'865'609)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench, kiwipete_d4,
                  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4,
                  4'085'603)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench, chess960_d5,
                  "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 5, 8'146'062)
    ->Unit(benchmark::kMillisecond);

}  // namespace
