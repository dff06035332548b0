// 10x8 perft to depth 5 on ../shared/vectors/perft-10x8.epd's positions (Fairy-Stockfish
// counts, written here so that a wrong result fails loudly): the depths too slow for ctest.
#include <benchmark/benchmark.h>

#include "fenbatch/core/ten_by_eight/movegen.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace {

using namespace fenbatch::core::ten_by_eight;

void ten_by_eight_perft_bench(benchmark::State& state, const char* fen, int depth,
                              std::uint64_t expected) {
  record rec;
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

BENCHMARK_CAPTURE(ten_by_eight_perft_bench, capablanca_start_d5,
                  "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", 5,
                  28'741'319)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ten_by_eight_perft_bench, capablanca_random_d5,
                  "qr2k2r1b/ppp1ppp2p/1a1nn4c/1C8/N2pbP4/1P6P1/P1PPP1PP1P/QRNAK2RBB b KQkq - 2 11",
                  5, 675'532'677)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ten_by_eight_perft_bench, en_passant_d5,
                  "rnabqkbcnr/p3ppppp1/1p8/2ppPP2Pp/9P/10/PPPP2PP2/RNABQKBCNR w KQkq j6 0 8", 5,
                  123'787'792)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ten_by_eight_perft_bench, middlegame_d5,
                  "2q2k2nr/r6b1B/n2C1pp1c1/1p1p6/2N1Pp1Np1/4Q1P3/PPPa3PPb/R1A3K1R1 w k - 0 26", 5,
                  778'936'941)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ten_by_eight_perft_bench, inner_rook_castling_d5,
                  "r1r2k3r/ppppp1pppp/10/10/10/10/PPPPP1PPPP/R1R2K3R w KCkc - 0 1", 5, 23'236'159)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ten_by_eight_perft_bench, promotions_d5,
                  "4k5/1P6P1/10/10/10/10/1p6p1/4K5 w - - 0 1", 5, 844'954)
    ->Unit(benchmark::kMillisecond);

}  // namespace
