// The whole run through the library API: output, rejects and statistics are byte-identical for
// every thread count, chunk size and input path (mapped or read), they agree with a simple
// reference (first occurrence of each canonical position text, as `awk '!seen[$0]++'` would
// keep it), and the counts reconcile.
#include "fenbatch/pipeline/run.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

#include "fenbatch/core/line_splitter.hpp"
#include "placement_text.hpp"
#include "read_file.hpp"
#include "run_outcome.hpp"
#include "shared_data.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

namespace fs = std::filesystem;

// Valid and invalid lines, several spellings of some positions, so that dedupe, repairs and
// every kind of skip occur.
const std::vector<std::string> line_pool = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 7 42",
    "  4k3/8/8/8/8/8/8/4K3\tw  -  - 0 1  ",
    "k7/8/8/1pP5/2K5/8/8/8 w - b6 0 1",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";",
    "4k3/8/8/8/8/8/8/4K3 b - - fmvn 17; hmvc 13;",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
    "",
    "   ",
    "# a comment",
    "not a fen",
    "4k3/8/8/8/8/8/8/4K3 w - - 0",
    "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1",
    "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/44K3 w - - 0 1",
    std::string("4k3/8/8/8/8/8/8/4K3 w - - 0 1\0junk", 35),
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1\r",  // a lone CR before the CRLF's CR: invalid
};

std::string make_input(int lines, unsigned seed) {
  std::mt19937 rng(seed);
  std::string text = "\xEF\xBB\xBF";
  for (int i = 0; i < lines; ++i) {
    text += line_pool[rng() % line_pool.size()];
    text += rng() % 5 == 0 ? "\r\n" : "\n";
  }
  return text;
}

using test::temp_dir;

using test::read_file;

using outcome = test::run_outcome;

outcome run_once(const temp_dir& dir, const run_config& config) {
  return test::run_in(dir, config, "out.fen");
}

TEST(Run, OutputRejectsAndStatsDoNotDependOnThreadsChunksOrMapping) {
  temp_dir dir;
  const std::string input = dir.path("in.fen");
  std::ofstream(input, std::ios::binary) << make_input(20'000, 7);
  run_config base;
  base.inputs = {input};
  base.dedupe = true;
  base.threads = 1;
  base.chunk_size = 1 << 20;
  const outcome reference = run_once(dir, base);
  ASSERT_GT(reference.stats.duplicates, 0U);
  ASSERT_GT(reference.stats.invalid, 0U);
  test::for_each_threads_chunk_mmap(base, {1UL, 7UL, 333UL, 4096UL, 1UL << 20},
                                    [&](const run_config& config) {
                                      const outcome o = run_once(dir, config);
                                      EXPECT_EQ(o.output, reference.output);
                                      EXPECT_EQ(o.rejects, reference.rejects);
                                      EXPECT_EQ(o.stats_json, reference.stats_json);
                                    });
}

// The reference: each line through core alone, first occurrence of each position text kept.
struct reference_result {
  std::string output;
  std::uint64_t lines = 0, skipped = 0, invalid = 0, written = 0, duplicates = 0;
};

reference_result reference_dedupe(std::string_view text) {
  reference_result r;
  std::unordered_set<std::string> seen;
  core::line_splitter lines(text.substr(core::bom_length(text)));
  core::record rec;
  for (core::line_span line; lines.next(line);) {
    ++r.lines;
    const core::fen_status s = core::parse_record(line.text, {}, rec);
    if (core::is_skipped(s.code)) {
      ++r.skipped;
      continue;
    }
    if (!s.ok()) {
      ++r.invalid;
      continue;
    }
    const std::string canonical = core::to_canonical(rec, line.text);
    // The first four fields are the position (counters excluded).
    std::size_t cut = 0;
    for (int spaces = 0; spaces < 4; ++cut) spaces += canonical[cut] == ' ' ? 1 : 0;
    if (seen.insert(canonical.substr(0, cut - 1)).second) {
      r.output += canonical + "\n";
      ++r.written;
    } else {
      ++r.duplicates;
    }
  }
  return r;
}

TEST(Run, DedupeMatchesFirstOccurrenceOfEachPositionText) {
  temp_dir dir;
  const std::string text = make_input(5'000, 11);
  const std::string input = dir.path("in.fen");
  std::ofstream(input, std::ios::binary) << text;
  run_config config;
  config.inputs = {input};
  config.dedupe = true;
  const outcome o = run_once(dir, config);
  const reference_result expected = reference_dedupe(text);
  EXPECT_EQ(o.output, expected.output);
  EXPECT_EQ(o.stats.lines, expected.lines);
  EXPECT_EQ(o.stats.skipped(), expected.skipped);
  EXPECT_EQ(o.stats.invalid, expected.invalid);
  EXPECT_EQ(o.stats.written, expected.written);
  EXPECT_EQ(o.stats.duplicates, expected.duplicates);
  EXPECT_EQ(o.stats.bom_skipped, 1U);
  EXPECT_TRUE(o.stats.reconciles());
  EXPECT_EQ(o.stats.bytes, text.size());
}

TEST(Run, DedupeAcrossManyShardsMatchesFirstOccurrence) {
  // Thousands of distinct positions (two kings and a pawn), each repeated a few times in random
  // order, cut into many chunks and deduplicated in 1, 2, 8 and 64 shards, added by 1 to 64
  // stages (shards split evenly or not among them).
  temp_dir dir;
  std::mt19937 rng(17);
  std::string text;
  for (int i = 0; i < 30'000; ++i) {
    const std::size_t white_king = rng() % 8;  // a1..h1
    const std::size_t black_king = rng() % 8;  // a8..h8
    const std::size_t pawn = 8 + rng() % 48;   // ranks 2..7
    const std::size_t halfmove = rng() % 3;    // not part of the position: dedupes
    std::string board(64, '.');
    board[white_king] = 'K';
    board[56 + black_king] = 'k';
    board[pawn] = 'P';
    const std::string fen = test::placement_text(board);
    text += fen + " b - - " + std::to_string(halfmove) + " 1\n";
  }
  const std::string input = dir.path("in.fen");
  std::ofstream(input, std::ios::binary) << text;
  const reference_result expected = reference_dedupe(text);
  ASSERT_GT(expected.written, 2'000U);
  ASSERT_GT(expected.duplicates, 10'000U);
  // Shard counts set outright: the automatic count follows the CPUs of the machine at hand.
  const std::pair<std::size_t, std::size_t> shards_and_stages[] = {{1, 1},  {2, 2},   {8, 3},
                                                                   {64, 1}, {64, 12}, {64, 64}};
  std::optional<outcome> first;
  for (const auto& [shards, stages] : shards_and_stages) {
    SCOPED_TRACE(testing::Message() << "shards " << shards << ", stages " << stages);
    run_config config;
    config.inputs = {input};
    config.dedupe = true;
    config.threads = 8;
    config.chunk_size = 65536;  // about 1,400 lines a chunk: many chunks in flight
    config.dedupe_shards = shards;
    config.dedupe_stages = stages;
    const outcome o = run_once(dir, config);
    EXPECT_EQ(o.output, expected.output);
    EXPECT_EQ(o.stats.written, expected.written);
    EXPECT_EQ(o.stats.unique, expected.written);
    EXPECT_EQ(o.stats.duplicates, expected.duplicates);
    EXPECT_EQ(o.stats.invalid, expected.invalid);
    // Everything else (most repeated positions and their counts, material, ...) as at 1 shard.
    if (first) {
      EXPECT_EQ(o.stats_json, first->stats_json);
    } else {
      first = o;
    }
  }
}

TEST(Run, DedupeShardsMustBeAPowerOfTwoUpToSixtyFour) {
  temp_dir dir;
  const std::string input = dir.path("in.fen");
  std::ofstream(input, std::ios::binary) << "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
  for (const std::size_t shards : {3UL, 128UL}) {
    run_config config;
    config.inputs = {input};
    config.output = dir.path("out.fen");
    config.dedupe = true;
    config.dedupe_shards = shards;
    EXPECT_THROW(run(config), std::invalid_argument) << shards;
  }
  EXPECT_FALSE(fs::exists(dir.path("out.fen")));
}

TEST(Run, DedupeStagesMustNotOutnumberTheShards) {
  temp_dir dir;
  const std::string input = dir.path("in.fen");
  std::ofstream(input, std::ios::binary) << "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
  run_config config;
  config.inputs = {input};
  config.output = dir.path("out.fen");
  config.dedupe = true;
  config.dedupe_shards = 4;
  config.dedupe_stages = 5;
  EXPECT_THROW(run(config), std::invalid_argument);
  EXPECT_FALSE(fs::exists(dir.path("out.fen")));
  config.dedupe_stages = 4;
  EXPECT_NO_THROW(run(config));
  EXPECT_TRUE(fs::exists(dir.path("out.fen")));
  // With automatic shards (their count follows the CPUs), a larger count is cut to theirs.
  config.dedupe_shards = 0;
  config.dedupe_stages = 64;
  EXPECT_NO_THROW(run(config));
}

TEST(Run, MostRepeatedPositionsAreExact) {
  // Positions repeated with skewed frequencies (position i appears about 3000 / (i + 1) times),
  // in shuffled order, so the top 20 changes many times during the run.
  temp_dir dir;
  std::vector<std::string> lines;
  for (int i = 0; i < 200; ++i) {
    // Distinct positions: a white king wandering, and a pawn on a varying square.
    const int king = i % 64;
    const int pawn = 8 + (i / 64) * 8 + (i % 8);
    if (king == pawn || king == 60 || pawn == 60) continue;
    std::string board(64, '.');
    board[static_cast<std::size_t>(king)] = 'K';
    board[static_cast<std::size_t>(pawn)] = 'P';
    board[60] = 'k';
    const std::string fen = test::placement_text(board);
    for (int n = 0; n < 3000 / (i + 1); ++n) lines.push_back(fen + " w - - 0 1");
  }
  std::shuffle(lines.begin(), lines.end(), std::mt19937(3));
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  const std::string input = dir.path("in.fen");
  std::ofstream(input, std::ios::binary) << text;

  // Reference counts of the valid lines' position text.
  std::map<std::string, std::uint64_t> counts;
  core::record rec;
  for (const std::string& line : lines) {
    if (core::parse_record(line, {}, rec).ok()) ++counts[line.substr(0, line.size() - 4)];
  }
  std::vector<std::uint64_t> sorted_counts;
  for (const auto& [fen, n] : counts) sorted_counts.push_back(n);
  std::sort(sorted_counts.rbegin(), sorted_counts.rend());

  run_config config;
  config.inputs = {input};
  config.dedupe = true;
  config.chunk_size = 4096;
  config.threads = 2;
  const outcome o = run_once(dir, config);
  ASSERT_EQ(o.stats.most_repeated.size(), 20U);
  for (std::size_t i = 0; i < 20; ++i) {
    const counted_text& entry = o.stats.most_repeated[i];
    SCOPED_TRACE(entry.text);
    ASSERT_EQ(counts.count(entry.text), 1U);
    EXPECT_EQ(entry.count, counts[entry.text]);
    EXPECT_EQ(entry.count, sorted_counts[i]);  // the i-th largest count, ties in any order
  }
}

TEST(Run, WithoutDedupeEveryValidLineIsWritten) {
  temp_dir dir;
  const std::string text = make_input(3'000, 5);
  const std::string input = dir.path("in.fen");
  std::ofstream(input, std::ios::binary) << text;
  run_config config;
  config.inputs = {input};
  const outcome o = run_once(dir, config);
  EXPECT_EQ(o.stats.written, o.stats.valid);
  EXPECT_EQ(o.stats.duplicates, 0U);
  EXPECT_TRUE(o.stats.reconciles());
  EXPECT_EQ(static_cast<std::uint64_t>(std::count(o.output.begin(), o.output.end(), '\n')),
            o.stats.valid);
}

TEST(Run, SeveralInputsAreOneStreamWithPerFileLineNumbers) {
  temp_dir dir;
  const std::string a = dir.path("a.fen");
  const std::string b = dir.path("b.fen");
  // a ends without a newline: its last line is still a line of its own.
  std::ofstream(a, std::ios::binary) << "4k3/8/8/8/8/8/8/4K3 w - - 0 1\nbad";
  std::ofstream(b, std::ios::binary) << "bad2\n4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  run_config config;
  config.inputs = {a, b};
  config.dedupe = true;
  const outcome o = run_once(dir, config);
  EXPECT_EQ(o.output, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
  // 'b' is a bishop: the first bad byte is the 'a' in column 2.
  EXPECT_EQ(o.rejects, a + ":2:2: bad_piece_char: bad\n" + b + ":1:2: bad_piece_char: bad2\n");
  EXPECT_EQ(o.stats.lines, 4U);
  EXPECT_EQ(o.stats.duplicates, 1U);
}

TEST(Run, SamplesArePerReasonAndInInputOrder) {
  temp_dir dir;
  const std::string input = dir.path("in.fen");
  std::ofstream(input, std::ios::binary) << "x1\nx2\nx3\n4k3/8/8/8/8/8/8/4K3 w - - 0\nx4\n";
  run_config config;
  config.inputs = {input};
  config.samples_per_reason = 2;
  std::vector<std::string> messages;
  config.diagnostic = [&](std::string_view m) { messages.emplace_back(m); };
  const outcome o = run_once(dir, config);
  // The same samples with their byte offsets: lines are 3 bytes ("xN\n") until line 4 (28+1).
  std::vector<std::uint64_t> offsets;
  for (const invalid_sample& s : o.stats.invalid_samples) offsets.push_back(s.offset);
  EXPECT_EQ(offsets, (std::vector<std::uint64_t>{0, 3, 9}));
  EXPECT_EQ(messages, (std::vector<std::string>{
                          input + ":1:1: bad_piece_char: x1",
                          input + ":2:1: bad_piece_char: x2",
                          input + ":4:28: field_count: 4k3/8/8/8/8/8/8/4K3 w - - 0",
                      }));
}

TEST(Run, FailedRunPublishesNothing) {
  temp_dir dir;
  const std::string input = dir.path("in.fen");
  std::ofstream(input) << "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
  const std::string out = dir.path("out.fen");
  std::ofstream(out) << "old\n";
  run_config config;
  config.inputs = {input, dir.path("missing.fen")};
  config.output = out;
  EXPECT_THROW(run(config), std::system_error);
  EXPECT_EQ(read_file(out), "old\n");
}

TEST(Run, WritesTheReportOnlyWhenTheRunSucceeds) {
  temp_dir dir;
  const std::string input = dir.path("in.fen");
  std::ofstream(input) << "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
  const std::string earlier =
      "<!DOCTYPE html>\n<html><head><meta name=\"generator\" content=\"fenbatch 0.0.0\"/>"
      "</head><p>earlier</p>\n";
  const std::string report = dir.file("report.html", earlier);
  run_config config;
  config.inputs = {input, dir.path("missing.fen")};
  config.output = dir.path("out.fen");
  config.report_path = report;
  EXPECT_THROW(run(config), std::system_error);
  EXPECT_EQ(read_file(report), earlier);
  config.report_path = dir.path("new.html");
  EXPECT_THROW(run(config), std::system_error);
  EXPECT_FALSE(fs::exists(config.report_path));

  config.inputs = {input};
  config.report_path = report;
  (void)run(config);
  const std::string page = read_file(report);
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0U) << page.substr(0, 100);
  EXPECT_NE(page.find("chart-outcomes"), std::string::npos);  // (the element contract)
}

TEST(Run, SharedCorpusEndgamesUniqueCount) {
  FENBATCH_REQUIRE_SHARED(shared);
  temp_dir dir;
  run_config config;
  config.inputs = {(shared / "corpus" / "endgames.epd.zst").string()};  // streamed, zstd
  config.dedupe = true;
  config.output = dir.path("out.fen");
  const run_stats s = run(config);
  // Independent reference counts (issue 3).
  EXPECT_EQ(s.lines, 157'846U);
  EXPECT_EQ(s.unique, 157'824U);
  EXPECT_EQ(s.invalid, 0U);
}

}  // namespace
}  // namespace fenbatch::pipeline
