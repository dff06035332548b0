// 10x8 lines through the whole run (library API), mixed with 8x8 ones: routing (a line goes to
// the 10x8 reader when the 8x8 one rejected it and its first rank is ten squares wide), dedupe
// across spellings but never across boards, rejects with FILE:LINE:COLUMN, statistics by board,
// --exclude, --repair, the write options, CSV and JSON-lines records, and output that does not
// depend on threads, chunks or mapping. Expected values come from ../shared/TENBYEIGHT.md and
// its vectors (canonical lines) or are counted by hand in the comments beside them.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chunks/line_facts.hpp"
#include "fenbatch/core/board_kind.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "run_outcome.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

using test::temp_dir;

// Capablanca's array (fen-vectors-10x8.tsv, line 1), 40 pieces, castling class standard (rooks
// in the a/j corners, kings on f).
const std::string capablanca = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR";
const std::string chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
// Inner rooks on c1/c8 besides the outer ones on a and j (perft-10x8.epd, line 5): X-FEN
// "KCkc", Shredder "JCjc"; 13 pieces a side; castling class chess960 (a right on the c file).
const std::string inner_rooks = "r1r2k3r/ppppp1pppp/10/10/10/10/PPPPP1PPPP/R1R2K3R";
const std::string kings_8x8 = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const std::string kings_10x8 = "5k4/10/10/10/10/10/10/5K4 w - - 0 1";
// 10x8 with a legal en-passant capture (d4xe3), black to move (vectors, line 6).
const std::string ep_10x8 =
    "rnabqkbcnr/pppp1ppppp/10/10/3pP5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 2";
// White in check from the chancellor on f3 (vectors: valid).
const std::string check_10x8 = "5k4/10/10/10/10/5c4/10/5K4 w - - 0 1";

// 18 lines; the comment after each says its board, verdict and fate with --dedupe.
std::vector<std::string> mixed_lines() {
  return {
      capablanca + " w KQkq - 0 1",   //  1 10x8 valid, written
      capablanca + " w JAja - 0 1",   //  2 10x8 valid, duplicate of 1 (Shredder spelling)
      chess + " w KQkq - 0 1",        //  3 8x8 valid, written
      chess + " w HAha - 0 1",        //  4 8x8 valid, duplicate of 3
      kings_8x8,                      //  5 8x8 valid, written
      kings_10x8,                     //  6 10x8 valid, written: not a duplicate of 5
      inner_rooks + " w KCkc - 0 1",  // 7 10x8 valid, written
      inner_rooks + " w JCjc - 5 9",  // 8 10x8 valid, duplicate of 7
      "",                             // 9 blank
      "# comment",                    // 10 comment
      // 11 10x8 rank_syntax: "55" is two digit tokens in a row; the second at column 24
      // (22 bytes of ranks 8 and 7, the first '5' at 23).
      "rnabqkbcnr/pppppppppp/55/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
      // 12 10x8 bad_piece_char: 'X' at column 24 (4 + 6 * 3 = 22 bytes, then '4' at 23).
      "5k4/10/10/10/10/10/10/4X1K3 w - - 0 1",
      // 13 10x8 too_many_kings: legality, at the placement's column 1.
      "5k4/10/10/10/10/10/10/4KK4 w - - 0 1",
      // 14 8x8 rank_width (first rank eight wide): "10" on an 8-file board, at column 19.
      "rnbqkbnr/pppppppp/10/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      // 15 10x8 rank_width: an 8-square rank on a 10-file board; it ends at the '/' in 24.
      "rnabqkbcnr/pppppppppp/8/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
      "not a fen",  // 16 8x8 bad_piece_char at column 2 ('o')
      ep_10x8,      // 17 10x8 valid, written
      check_10x8,   // 18 10x8 valid, written
  };
}

std::string join(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

using outcome = test::run_outcome;
using test::run_in;

// A piece-count histogram: lines per piece count, from {pieces, lines} pairs (zero elsewhere).
std::array<std::uint64_t, piece_count_extent> lines_by_pieces(
    std::initializer_list<std::pair<std::size_t, std::uint64_t>> counts) {
  std::array<std::uint64_t, piece_count_extent> histogram{};
  for (const auto& [pieces, lines] : counts) histogram.at(pieces) = lines;
  return histogram;
}

run_config dedupe_config(const std::string& input) {
  run_config config;
  config.inputs = {input};
  config.dedupe = true;
  return config;
}

TEST(TenByEightLineFacts, HoldATenByEightSignatureBesideSideAndCastling) {
  // Capablanca's array: per side Q A C 1 each, R B N 2 each, P 10 (nibbles from bit 0 in that
  // order, black's from bit 28), and the 10x8 marker, bit 56.
  std::uint64_t signature = std::uint64_t{1} << 56;
  for (const unsigned side : {0U, 28U}) {
    const unsigned counts[] = {1, 1, 1, 2, 2, 2, 10};
    for (unsigned k = 0; k < 7; ++k) signature |= std::uint64_t{counts[k]} << (side + 4 * k);
  }
  const auto facts =
      detail::line_facts::make(signature, core::color::black, core::castling_class::chess960);
  EXPECT_EQ(facts.signature(), signature);
  EXPECT_FALSE(facts.white_to_move());
  EXPECT_EQ(facts.castling(), core::castling_class::chess960);
  EXPECT_TRUE(facts.ten_by_eight());
  EXPECT_EQ(facts.pieces(), 40U);
  // An 8x8 signature (marker bit 40): the start position, 32 pieces.
  std::uint64_t start_8x8 = std::uint64_t{1} << 40;
  for (const unsigned side : {0U, 20U}) {
    const unsigned counts[] = {1, 2, 2, 2, 8};
    for (unsigned k = 0; k < 5; ++k) start_8x8 |= std::uint64_t{counts[k]} << (side + 4 * k);
  }
  const auto chess_facts =
      detail::line_facts::make(start_8x8, core::color::white, core::castling_class::standard);
  EXPECT_FALSE(chess_facts.ten_by_eight());
  EXPECT_EQ(chess_facts.pieces(), 32U);
  EXPECT_EQ(chess_facts.signature(), start_8x8);
  EXPECT_TRUE(chess_facts.white_to_move());
}

TEST(TenByEightRun, DedupesAcrossSpellingsButNeverAcrossBoards) {
  temp_dir dir;
  const outcome o = run_in(dir, dedupe_config(dir.file("in.fen", join(mixed_lines()))));
  // Lines 1, 3, 5, 6, 7, 17, 18 in canonical form (TENBYEIGHT.md: merged digits, X-FEN
  // castling, the legal ep square kept).
  EXPECT_EQ(o.output, join({capablanca + " w KQkq - 0 1", chess + " w KQkq - 0 1", kings_8x8,
                            kings_10x8, inner_rooks + " w KCkc - 0 1", ep_10x8, check_10x8}));
}

TEST(TenByEightRun, RejectsCarryTheTenByEightReasonsAndColumns) {
  temp_dir dir;
  const std::string input = dir.file("in.fen", join(mixed_lines()));
  const outcome o = run_in(dir, dedupe_config(input));
  const std::vector<std::string> lines = mixed_lines();
  const auto at = [&](int line, int column, const std::string& reason) {
    return input + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + reason +
           ": " + lines[static_cast<std::size_t>(line - 1)] + "\n";
  };
  EXPECT_EQ(o.rejects, at(11, 24, "rank_syntax") + at(12, 24, "bad_piece_char") +
                           at(13, 1, "too_many_kings") + at(14, 19, "rank_width") +
                           at(15, 24, "rank_width") + at(16, 2, "bad_piece_char"));
  EXPECT_EQ(o.stats.invalid_by_reason[static_cast<std::size_t>(core::fen_errc::rank_width)], 2U);
}

TEST(TenByEightRun, CountsByBoardAndReconciles) {
  temp_dir dir;
  const run_stats s = run_in(dir, dedupe_config(dir.file("in.fen", join(mixed_lines())))).stats;
  EXPECT_EQ(s.lines, 18U);
  EXPECT_EQ(s.skipped(), 2U);
  EXPECT_EQ(s.valid, 10U);
  EXPECT_EQ(s.invalid, 6U);
  EXPECT_EQ(s.written, 7U);
  EXPECT_EQ(s.duplicates, 3U);
  EXPECT_EQ(s.unique, 7U);
  EXPECT_TRUE(s.reconciles());
  // 8x8: lines 3, 4, 5, 14, 16; valid 3, 4, 5; duplicate 4.
  EXPECT_EQ(s.eight_by_eight_lines, 5U);
  EXPECT_EQ(s.eight_by_eight_valid, 3U);
  EXPECT_EQ(s.eight_by_eight_invalid, 2U);
  EXPECT_EQ(s.eight_by_eight_duplicates, 1U);
  EXPECT_EQ(s.eight_by_eight_written, 2U);
  EXPECT_EQ(s.eight_by_eight_unique, 2U);
  EXPECT_EQ(s.eight_by_eight_excluded, 0U);
  // 10x8: lines 1, 2, 6, 7, 8, 11, 12, 13, 15, 17, 18; invalid 11, 12, 13, 15; duplicates
  // 2 and 8.
  EXPECT_EQ(s.ten_by_eight_lines, 11U);
  EXPECT_EQ(s.ten_by_eight_valid, 7U);
  EXPECT_EQ(s.ten_by_eight_invalid, 4U);
  EXPECT_EQ(s.ten_by_eight_duplicates, 2U);
  EXPECT_EQ(s.ten_by_eight_written, 5U);
  EXPECT_EQ(s.ten_by_eight_unique, 5U);
  EXPECT_EQ(s.ten_by_eight_excluded, 0U);
  // Per input: the one input holds the run's counts.
  ASSERT_EQ(s.inputs.size(), 1U);
  EXPECT_EQ(s.inputs[0].counts.ten_by_eight_lines, 11U);
  EXPECT_EQ(s.inputs[0].counts.ten_by_eight_written, 5U);
  EXPECT_EQ(s.inputs[0].counts.eight_by_eight_written, 2U);
  EXPECT_TRUE(s.inputs[0].counts.reconciles());
}

TEST(TenByEightRun, PositionStatisticsCountTenByEightLines) {
  temp_dir dir;
  const run_stats s = run_in(dir, dedupe_config(dir.file("in.fen", join(mixed_lines())))).stats;
  // Valid lines: black to move only in 17.
  EXPECT_EQ(s.white_to_move, 9U);
  EXPECT_EQ(s.black_to_move, 1U);
  // none: 5, 6, 18; standard: 1, 2, 3, 4, 17; chess960: 7, 8.
  EXPECT_EQ(s.castling_none, 3U);
  EXPECT_EQ(s.castling_standard, 5U);
  EXPECT_EQ(s.castling_chess960, 2U);
  EXPECT_EQ(s.legal_ep, 1U);  // 17
  EXPECT_EQ(s.in_check, 1U);  // 18
  // Pieces: 40 (1, 2, 17), 32 (3, 4), 26 (7, 8), 3 (18), 2 (5, 6).
  EXPECT_EQ(s.piece_count, lines_by_pieces({{40, 3}, {32, 2}, {26, 2}, {3, 1}, {2, 2}}));
  // Written (1, 3, 5, 6, 7, 17, 18): 40 (1, 17), 32, 26, 3, 2 (5, 6).
  EXPECT_EQ(s.written_piece_count, lines_by_pieces({{40, 2}, {32, 1}, {26, 1}, {3, 1}, {2, 2}}));
  EXPECT_EQ(s.written_white_to_move, 6U);
  EXPECT_EQ(s.written_black_to_move, 1U);
  EXPECT_EQ(s.written_castling_none, 3U);      // 5, 6, 18
  EXPECT_EQ(s.written_castling_standard, 3U);  // 1, 3, 17
  EXPECT_EQ(s.written_castling_chess960, 1U);  // 7
}

TEST(TenByEightRun, MaterialSignaturesNameArchbishopsAndChancellors) {
  temp_dir dir;
  const run_stats s = run_in(dir, dedupe_config(dir.file("in.fen", join(mixed_lines())))).stats;
  const std::string capablanca_material = "KQACRRBBNNPPPPPPPPPPvKQACRRBBNNPPPPPPPPPP";
  const std::string chess_material = "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP";
  std::vector<std::pair<std::string, std::string_view>> top;
  std::vector<std::uint64_t> counts;
  for (const auto& m : s.top_material()) {
    top.emplace_back(m.text, core::board_kind_name(m.board));
    counts.push_back(m.count);
  }
  // Ties by signature: the 8x8 ones (marker bit 40) before the 10x8 ones (marker bit 56); the
  // two "KvK" are the 8x8 and the 10x8 bare kings (lines 5 and 6), then 18's "KvKC".
  const std::vector<std::pair<std::string, std::string_view>> expected = {
      {capablanca_material, "10x8"},            // 1, 2, 17
      {chess_material, "8x8"},                  // 3, 4
      {"KRRRPPPPPPPPPvKRRRPPPPPPPPP", "10x8"},  // 7, 8
      {"KvK", "8x8"},
      {"KvK", "10x8"},
      {"KvKC", "10x8"}};
  EXPECT_EQ(counts, (std::vector<std::uint64_t>{3, 2, 2, 1, 1, 1}));
  EXPECT_EQ(top, expected);
  std::uint64_t written_capablanca = 0;
  for (const auto& m : s.top_written_material()) {
    if (m.text == capablanca_material) written_capablanca = m.count;
  }
  EXPECT_EQ(written_capablanca, 2U);  // 1 and 17
}

TEST(TenByEightRun, RepairMergesDigitRunsOnTenFiles) {
  temp_dir dir;
  run_config config = dedupe_config(dir.file(
      "in.fen", join({"rnabqkbcnr/pppppppppp/55/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                      capablanca + " w QKqk - 0 1", capablanca + " w KQkq - 0 1"})));
  config.decode.repair = true;
  const outcome o = run_in(dir, config);
  EXPECT_EQ(o.output, capablanca + " w KQkq - 0 1\n");
  EXPECT_EQ(o.stats.repairs[static_cast<std::size_t>(core::repair_kind::digit_run)], 1U);
  EXPECT_EQ(o.stats.repairs[static_cast<std::size_t>(core::repair_kind::castling_order)], 1U);
  EXPECT_EQ(o.stats.ten_by_eight_valid, 3U);
  EXPECT_EQ(o.stats.ten_by_eight_duplicates, 2U);
}

TEST(TenByEightRun, WriteOptionsApplyToTenByEightLines) {
  temp_dir dir;
  const std::string input =
      dir.file("in.fen", join({capablanca + " w KQkq - 0 1", inner_rooks + " w KCkc - 0 1",
                               inner_rooks + " w KCkc - 5 9", chess + " w KQkq - 0 1"}));
  run_config config = dedupe_config(input);
  config.write.castling = core::castling_notation::shredder;
  EXPECT_EQ(
      run_in(dir, config).output,
      join({capablanca + " w JAja - 0 1", inner_rooks + " w JCjc - 0 1", chess + " w HAha - 0 1"}));
  config = dedupe_config(input);
  config.write.format = core::output_format::epd;
  EXPECT_EQ(run_in(dir, config).output,
            join({capablanca + " w KQkq -", inner_rooks + " w KCkc -", chess + " w KQkq -"}));
  config = dedupe_config(input);
  config.key = core::key_kind::full;  // the counters make lines 2 and 3 two positions
  EXPECT_EQ(run_in(dir, config).output,
            join({capablanca + " w KQkq - 0 1", inner_rooks + " w KCkc - 0 1",
                  inner_rooks + " w KCkc - 5 9", chess + " w KQkq - 0 1"}));
}

TEST(TenByEightRun, ExcludeReferencesHoldTenByEightPositions) {
  temp_dir dir;
  run_config config =
      dedupe_config(dir.file("in.fen", join({capablanca + " w KQkq - 0 1", chess + " w KQkq - 0 1",
                                             kings_10x8, capablanca + " w JAja - 3 7"})));
  // The reference: Capablanca's array in EPD form and Shredder castling, and an invalid line.
  config.exclude_paths = {
      dir.file("ref.epd", capablanca + " w JAja -\n5k4/10/10/10/10/10/10/4KK4 w - -\n")};
  const outcome o = run_in(dir, config);
  EXPECT_EQ(o.output, join({chess + " w KQkq - 0 1", kings_10x8}));
  EXPECT_EQ(o.stats.excluded, 2U);
  EXPECT_EQ(o.stats.ten_by_eight_excluded, 2U);
  EXPECT_EQ(o.stats.eight_by_eight_excluded, 0U);
  EXPECT_EQ(o.stats.ten_by_eight_written, 1U);
  EXPECT_EQ(o.stats.reference.valid, 1U);
  EXPECT_EQ(o.stats.reference.invalid, 1U);
  EXPECT_TRUE(o.stats.reconciles());
  // Taken out of the written statistics too: only the bare kings' 2 pieces and the 8x8 32.
  EXPECT_EQ(o.stats.written_piece_count[40], 0U);
  EXPECT_EQ(o.stats.written_piece_count[2], 1U);
  EXPECT_EQ(o.stats.written_piece_count[32], 1U);
}

TEST(TenByEightRun, CsvRecordsKeepEveryOtherByte) {
  temp_dir dir;
  const std::string input =
      dir.file("in.csv", "id,fen,label\n1," + capablanca + " w JAja - 0 1,a\n2,\"" + inner_rooks +
                             " w JCjc - 0 1\",b\n3,5k4/10/10/10/10/10/10/4X1K3 w - - 0 1,c\n");
  const outcome o = run_in(dir, dedupe_config(input));
  EXPECT_EQ(o.output, "id,fen,label\n1," + capablanca + " w KQkq - 0 1,a\n2,\"" + inner_rooks +
                          " w KCkc - 0 1\",b\n");
  // 'X' at column 24 of the field, which starts at column 3 of the record.
  EXPECT_EQ(o.rejects,
            input + ":4:26: bad_piece_char: 3,5k4/10/10/10/10/10/10/4X1K3 w - - 0 1,c\n");
  EXPECT_EQ(o.stats.ten_by_eight_lines, 3U);  // the header is skipped, no board's
  EXPECT_EQ(o.stats.skipped_header, 1U);
}

TEST(TenByEightRun, JsonLinesRecordsHoldTenByEightPositions) {
  temp_dir dir;
  const std::string input =
      dir.file("in.jsonl", "{\"fen\": \"" + capablanca + " w JAja - 0 1\", \"n\": 1}\n" +
                               "{\"n\": 2, \"fen\": \"5k4/10/10/10/10/10/10/4KK4 w - - 0 1\"}\n" +
                               "{\"n\": 3, \"fen\": \"" + kings_8x8 + "\"}\n");
  const outcome o = run_in(dir, dedupe_config(input));
  EXPECT_EQ(o.output, "{\"fen\": \"" + capablanca + " w KQkq - 0 1\", \"n\": 1}\n" +
                          "{\"n\": 3, \"fen\": \"" + kings_8x8 + "\"}\n");
  // The position's column 1 is the record's 18: after {"n": 2, "fen": " (17 bytes).
  EXPECT_EQ(o.rejects, input + ":2:18: too_many_kings: {\"n\": 2, \"fen\": " +
                           "\"5k4/10/10/10/10/10/10/4KK4 w - - 0 1\"}\n");
  EXPECT_EQ(o.stats.ten_by_eight_lines, 2U);
  EXPECT_EQ(o.stats.eight_by_eight_lines, 1U);
}

TEST(TenByEightRun, OutputDoesNotDependOnThreadsChunksOrMapping) {
  temp_dir dir;
  std::string text;
  for (int i = 0; i < 300; ++i) text += join(mixed_lines());
  run_config base = dedupe_config(dir.file("in.fen", text));
  base.threads = 1;
  const outcome reference = run_in(dir, base);
  EXPECT_EQ(reference.stats.ten_by_eight_written, 5U);
  EXPECT_EQ(reference.stats.ten_by_eight_duplicates, 300U * 7 - 5);
  test::for_each_threads_chunk_mmap(base, {1UL, 333UL, 1UL << 20}, [&](const run_config& config) {
    const outcome o = run_in(dir, config);
    EXPECT_EQ(o.output, reference.output);
    EXPECT_EQ(o.rejects, reference.rejects);
    EXPECT_EQ(o.stats_json, reference.stats_json);
  });
}

}  // namespace
}  // namespace fenbatch::pipeline
