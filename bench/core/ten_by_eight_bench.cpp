// Per-line cost of the 10x8 (X-FEN, Capablanca family) reader beside the 8x8 one, on lines of the
// same kind: positions of seeded random legal games from each board's start setups (every ply,
// so opening, middlegame and endgame mix as in a game corpus), plus the valid lines of the shared
// vectors (fen-vectors*.tsv, the perft EPD suites). FENBATCH_BENCH_TEN_BY_EIGHT=FILE replaces
// the 10x8 games with the lines of FILE (e.g. `fenbatch-gen --variant capablanca` output).
// Only lines the reader accepts are kept, so every benchmark measures valid input.
//
//   ten_by_eight_*    the 10x8 reader alone (decode; parse_record; parse_record + write_record
//                     + make_key, the core path per line)
//   ten_by_eight_routed_core_path
//                     what the pipeline pays for a 10x8 line: the 8x8 reader's rejection, the
//                     router (has_ten_files), then the 10x8 core path
//   eight_by_eight_*  the same for 8x8 lines from the same generator (the shared-corpus mix is
//                     decode_bench.cpp's)
// Report: ns/line = 1e9 / items_per_second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/movegen.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/write.hpp"
#include "shared_data.hpp"

namespace {

namespace core = fenbatch::core;
namespace tbe = fenbatch::core::ten_by_eight;

// The two readers behind one interface, so the lines and the loops are built the same way.
struct eight_by_eight {
  using record = core::record;
  static core::fen_status parse(std::string_view line, record& rec) {
    return core::parse_record(line, {}, rec);
  }
  static core::fen_status decode(std::string_view line, record& rec) {
    return core::decode(line, {}, rec);
  }
  static std::size_t write(const record& rec, std::string_view line, char* out) {
    return core::write_record(rec, line, {}, out);
  }
  static core::position_key key(const record& rec) {
    return core::make_key(rec, core::key_kind::position);
  }
  static std::size_t max_written(std::size_t length) { return core::max_written_size(length); }
};

struct ten_by_eight {
  using record = tbe::record;
  static core::fen_status parse(std::string_view line, record& rec) {
    return tbe::parse_record(line, {}, rec);
  }
  static core::fen_status decode(std::string_view line, record& rec) {
    return tbe::decode(line, {}, rec);
  }
  static std::size_t write(const record& rec, std::string_view line, char* out) {
    return tbe::write_record(rec, line, {}, out);
  }
  static core::position_key key(const record& rec) {
    return tbe::make_key(rec, core::key_kind::position);
  }
  static std::size_t max_written(std::size_t length) { return tbe::max_written_size(length); }
};

constexpr std::size_t games_per_start = 48;
constexpr int plies_per_game = 160;

// Seeded random legal games from each start; every position reached is written canonically.
template <class Record, class MoveList, class Parse, class Generate, class After, class Write>
void play_games(const std::vector<std::string>& starts, Parse parse, Generate generate, After after,
                Write write, std::vector<std::string>& out) {
  std::mt19937_64 rng(20261124);
  for (const std::string& start : starts) {
    Record rec;
    if (!parse(start, rec).ok()) continue;
    for (std::size_t game = 0; game < games_per_start; ++game) {
      auto pos = rec.pos;
      MoveList moves;
      for (int ply = 0; ply < plies_per_game; ++ply) {
        generate(pos, moves);
        if (moves.size == 0) break;
        pos = after(pos, moves.moves[rng() % moves.size]);
        out.push_back(write(pos));
      }
    }
  }
}

// The fen column of a vectors TSV (rows whose verdict starts with "valid") and the positions of
// an EPD perft suite (its ";D1 ..." operations cut off).
void add_vector_lines(const std::filesystem::path& shared, const char* tsv,
                      const std::vector<const char*>& perft_suites, std::vector<std::string>& out) {
  const auto vectors = shared / "vectors";
  for (const std::string& row : fenbatch::test::read_lines(vectors / tsv)) {
    const std::size_t tab = row.find('\t');
    if (tab == std::string::npos || row.compare(tab + 1, 5, "valid") != 0) continue;
    out.push_back(row.substr(0, tab));
  }
  for (const char* suite : perft_suites) {
    for (const std::string& row : fenbatch::test::read_lines(vectors / suite)) {
      out.push_back(row.substr(0, row.find(" ;")));
    }
  }
}

// Lines back to back in one buffer, as in a mapped file.
struct line_set {
  std::string text;
  std::vector<std::string_view> lines;
  std::size_t bytes = 0;
  std::string why_empty;
};

template <class Board>
line_set keep_valid(const std::vector<std::string>& candidates, std::string why_empty) {
  line_set set;
  std::vector<std::size_t> lengths;
  typename Board::record rec;
  for (const std::string& line : candidates) {
    if (!Board::parse(line, rec).ok()) continue;
    set.text += line;
    set.text += '\n';
    lengths.push_back(line.size());
  }
  std::size_t at = 0;
  for (const std::size_t length : lengths) {
    set.lines.emplace_back(set.text.data() + at, length);
    at += length + 1;
  }
  set.bytes = set.text.size();
  if (set.lines.empty()) set.why_empty = std::move(why_empty);
  return set;
}

const line_set& ten_by_eight_lines() {
  static const line_set set = [] {
    std::vector<std::string> candidates;
    if (const char* file = std::getenv("FENBATCH_BENCH_TEN_BY_EIGHT")) {
      candidates = fenbatch::test::read_lines(file);
      // The terminator is LF or CR LF (fenbatch-gen writes both), as the line splitter cuts.
      for (std::string& line : candidates) {
        if (line.ends_with('\r')) line.pop_back();
      }
    } else {
      // Capablanca, Gothic, Embassy, Janus (archbishops written A), and the perft suite's
      // Capablanca random setup and middlegames.
      std::vector<std::string> starts{
          "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
          "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
          "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1",
          "ranbkqbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RANBKQBNAR w KQkq - 0 1",
          "r1r2k3r/ppppp1pppp/10/10/10/10/PPPPP1PPPP/R1R2K3R w KCkc - 0 1",
          "qr2k2r1b/ppp1ppp2p/1a1nn4c/1C8/N2pbP4/1P6P1/P1PPP1PP1P/QRNAK2RBB b KQkq - 2 11",
      };
      play_games<tbe::record, tbe::move_list>(
          starts, ten_by_eight::parse,
          [](const tbe::position& p, tbe::move_list& m) { tbe::generate_legal_moves(p, m); },
          [](const tbe::position& p, tbe::move m) { return tbe::after_move(p, m); },
          [](const tbe::position& p) { return tbe::to_canonical(p); }, candidates);
    }
    if (const auto shared = fenbatch::test::shared_dir()) {
      add_vector_lines(*shared, "fen-vectors-10x8.tsv", {"perft-10x8.epd"}, candidates);
    }
    return keep_valid<ten_by_eight>(candidates,
                                    "no 10x8 line accepted (is the 10x8 reader still a stub?)");
  }();
  return set;
}

const line_set& eight_by_eight_lines() {
  static const line_set set = [] {
    std::vector<std::string> candidates;
    const std::vector<std::string> starts{
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 1",
        "rbbqnknr/pppppppp/8/8/8/8/PPPPPPPP/RBBQNKNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    };
    play_games<core::record, core::move_list>(
        starts, eight_by_eight::parse,
        [](const core::position& p, core::move_list& m) { core::generate_legal_moves(p, m); },
        [](const core::position& p, core::move m) { return core::after_move(p, m); },
        [](const core::position& p) { return core::to_canonical(p); }, candidates);
    if (const auto shared = fenbatch::test::shared_dir()) {
      add_vector_lines(*shared, "fen-vectors.tsv", {"perft-standard.epd", "perft-chess960.epd"},
                       candidates);
    }
    return keep_valid<eight_by_eight>(candidates, "no 8x8 line accepted");
  }();
  return set;
}

template <class Body>
void run_over(benchmark::State& state, const line_set& set, Body body) {
  if (set.lines.empty()) {
    state.SkipWithError(set.why_empty.c_str());
    return;
  }
  for (auto _ : state) {
    for (std::string_view line : set.lines) body(line);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.lines.size()));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(set.bytes));
  state.counters["lines"] = static_cast<double>(set.lines.size());
}

template <class Board>
const line_set& lines_of() {
  if constexpr (std::is_same_v<Board, ten_by_eight>) {
    return ten_by_eight_lines();
  } else {
    return eight_by_eight_lines();
  }
}

template <class Board>
void decode_only(benchmark::State& state) {
  typename Board::record rec;
  run_over(state, lines_of<Board>(), [&](std::string_view line) {
    benchmark::DoNotOptimize(Board::decode(line, rec));
    benchmark::DoNotOptimize(rec);
  });
}

template <class Board>
void decode_validate(benchmark::State& state) {
  typename Board::record rec;
  run_over(state, lines_of<Board>(), [&](std::string_view line) {
    benchmark::DoNotOptimize(Board::parse(line, rec));
    benchmark::DoNotOptimize(rec);
  });
}

// parse_record + write_record + make_key: what the pipeline does per valid line.
template <class Board>
void core_path(benchmark::State& state) {
  typename Board::record rec;
  std::string out(Board::max_written(core::max_line_length), '\0');
  run_over(state, lines_of<Board>(), [&](std::string_view line) {
    if (Board::parse(line, rec).ok()) {
      benchmark::DoNotOptimize(Board::write(rec, line, out.data()));
      benchmark::DoNotOptimize(Board::key(rec));
    }
    benchmark::ClobberMemory();
  });
}

// A 10x8 line as the pipeline meets it: the 8x8 reader rejects it first, the router sends it on.
void ten_by_eight_routed_core_path(benchmark::State& state) {
  core::record eight;
  tbe::record rec;
  std::string out(tbe::max_written_size(core::max_line_length), '\0');
  run_over(state, ten_by_eight_lines(), [&](std::string_view line) {
    if (!core::parse_record(line, {}, eight).ok() && tbe::has_ten_files(line) &&
        tbe::parse_record(line, {}, rec).ok()) {
      benchmark::DoNotOptimize(tbe::write_record(rec, line, {}, out.data()));
      benchmark::DoNotOptimize(tbe::make_key(rec, core::key_kind::position));
    }
    benchmark::ClobberMemory();
  });
}

// The router alone on 10x8 lines (the cost added to every line the 8x8 reader rejects).
void ten_by_eight_router(benchmark::State& state) {
  run_over(state, ten_by_eight_lines(),
           [&](std::string_view line) { benchmark::DoNotOptimize(tbe::has_ten_files(line)); });
}

BENCHMARK(decode_only<ten_by_eight>)->Name("ten_by_eight_decode");
BENCHMARK(decode_validate<ten_by_eight>)->Name("ten_by_eight_decode_validate");
BENCHMARK(core_path<ten_by_eight>)->Name("ten_by_eight_core_path");
BENCHMARK(ten_by_eight_routed_core_path);
BENCHMARK(ten_by_eight_router);
BENCHMARK(decode_only<eight_by_eight>)->Name("eight_by_eight_decode");
BENCHMARK(decode_validate<eight_by_eight>)->Name("eight_by_eight_decode_validate");
BENCHMARK(core_path<eight_by_eight>)->Name("eight_by_eight_core_path");

}  // namespace
