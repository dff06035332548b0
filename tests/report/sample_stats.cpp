#include "sample_stats.hpp"

#include <cstdint>
#include <string>

#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::test {
namespace {

using pipeline::input_stats;
using pipeline::run_counters;

// Material signatures in core's code (core/material.hpp): 4 bits per count, White's queens,
// rooks, bishops, knights, pawns, then Black's, above a marker bit at 40.
constexpr std::uint64_t marker = std::uint64_t{1} << 40;
constexpr std::uint64_t white_rook = std::uint64_t{1} << 4;
constexpr std::uint64_t white_queen = 1;
constexpr std::uint64_t black_rook = std::uint64_t{1} << 24;

std::size_t reason(core::fen_errc e) {
  return static_cast<std::size_t>(e);
}

}  // namespace

sample_run hand_filled_run() {
  sample_run run;
  pipeline::run_config& config = run.config;
  config.inputs = {"/data/a<b>&\"c'.fen", "/data/ok\xFF.epd"};
  config.output = "/data/out.fen";
  config.dedupe = true;
  config.exclude_paths = {"/data/test-set.epd"};
  config.rejects_path = "/data/rejects.txt";
  config.stats_json_path = "/data/stats.json";

  pipeline::run_stats& s = run.stats;
  const auto fill = [](run_counters& c, std::uint64_t scale) {
    // 500 lines per scale unit of 1: 300 written, 125 duplicates, 25 excluded, 40 invalid (25
    // rank_width, 15 bad_side), 10 blank.
    c.lines = 500 * scale;
    c.written = 300 * scale;
    c.duplicates = 125 * scale;
    c.excluded = 25 * scale;
    c.invalid = 40 * scale;
    c.invalid_by_reason[reason(core::fen_errc::rank_width)] = 25 * scale;
    c.invalid_by_reason[reason(core::fen_errc::bad_side)] = 15 * scale;
    c.skipped_blank = 10 * scale;
    c.valid = c.written + c.duplicates + c.excluded;
  };
  for (const std::string& path : config.inputs) {
    input_stats input;
    input.path = path;
    fill(input.counts, 1);
    s.inputs.push_back(input);
  }
  fill(s, 2);
  s.unique = 610;
  s.white_to_move = 500;
  s.black_to_move = 350;
  s.written_white_to_move = 360;
  s.written_black_to_move = 240;
  s.castling_none = 400;
  s.castling_standard = 440;
  s.castling_chess960 = 10;
  s.written_castling_none = 300;
  s.written_castling_standard = 295;
  s.written_castling_chess960 = 5;
  s.in_check = 17;
  s.legal_ep = 3;
  s.piece_count[4] = 50;
  s.piece_count[30] = 300;
  s.piece_count[32] = 500;
  s.written_piece_count[4] = 40;
  s.written_piece_count[30] = 200;
  s.written_piece_count[32] = 360;
  s.material = {{marker | white_rook | black_rook, 500},
                {marker | white_queen, 300},
                {marker | white_rook, 50}};
  s.written_material = {{marker | white_rook | black_rook, 350},
                        {marker | white_queen, 210},
                        {marker | white_rook, 40}};
  s.ten_by_eight_lines = 12;
  s.ten_by_eight_valid = 10;
  s.ten_by_eight_written = 4;
  s.ten_by_eight_duplicates = 6;
  s.derive_eight_by_eight();
  s.most_repeated = {
      {{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -", 40}, {}},
      {{"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq -", 12}, {}},
      {{"not a board <at all>", 3}, {}},
  };
  s.invalid_samples = {
      {"/data/a<b>&\"c'.fen", 7, 12, 100, core::fen_errc::rank_width},
      {"/data/ok\xFF.epd", 3, 45, 80, core::fen_errc::bad_side},
  };
  s.reference = {1, 300, 299, 1, 290};
  s.wall_seconds = 2;
  s.bytes = 50'000'000;
  s.threads = 4;
  s.memory.limit_bytes = std::uint64_t{1} << 30;
  s.memory.limit_source = "--memory-limit";
  return run;
}

sample_run empty_run() {
  return {};
}

sample_run huge_run() {
  sample_run run;
  pipeline::run_stats& s = run.stats;
  constexpr std::uint64_t per_input = 3'333'333'333;
  for (int i = 0; i < 300; ++i) {
    const std::string path = "/a/rather/long/folder/name/that/keeps/going/corpus-part-" +
                             std::to_string(i) + "-with-a-long-descriptive-name.epd.zst";
    run.config.inputs.push_back(path);
    input_stats input;
    input.path = path;
    input.counts.lines = per_input;
    input.counts.written = per_input / 2;
    input.counts.duplicates = per_input / 4;
    input.counts.invalid = per_input / 8;
    input.counts.skipped_comment = per_input - per_input / 2 - per_input / 4 - per_input / 8;
    s.inputs.push_back(input);
    s.merge(input.counts);
  }
  for (std::size_t e = 0; e < s.invalid_by_reason.size(); ++e) {
    if (core::is_error(static_cast<core::fen_errc>(e))) s.invalid_by_reason[e] = 1 + e;
  }
  s.valid = s.written + s.duplicates;
  s.unique = s.written;
  s.white_to_move = s.valid / 2;
  s.black_to_move = s.valid - s.white_to_move;
  s.castling_standard = s.valid;
  s.written_white_to_move = s.written / 2;
  s.written_black_to_move = s.written - s.written_white_to_move;
  s.written_castling_standard = s.written;
  for (std::size_t n = 2; n < s.piece_count.size(); ++n) {
    s.piece_count[n] = 20'000'000'000 * n;
    s.written_piece_count[n] = 10'000'000'000 * n;
  }
  for (std::uint64_t pawns = 0; pawns < 8; ++pawns) {
    for (std::uint64_t black_pawns = 0; black_pawns < 5; ++black_pawns) {
      const std::uint64_t signature =
          marker | white_queen | white_rook | (pawns << 16) | (black_pawns << 36);
      s.material[signature] = 900'000'000'000 - pawns * 1000 - black_pawns;
      s.written_material[signature] = 400'000'000'000 - pawns * 1000 - black_pawns;
    }
  }
  s.ten_by_eight_lines = 1000;
  s.ten_by_eight_valid = 1000;
  s.ten_by_eight_written = 10;
  s.ten_by_eight_duplicates = 990;
  s.derive_eight_by_eight();
  for (std::uint64_t i = 0; i < 20; ++i) {
    s.most_repeated.push_back(
        {{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 999'999'999'999 - i}, {}});
  }
  run.config.dedupe = true;
  s.wall_seconds = 86'400 * 3 + 5;
  s.threads = 256;
  return run;
}

}  // namespace fenbatch::test
