// --counts and --duplicates through the library API: the files' lines written out by hand for
// a small input with repeats across two files and one position 300 times (past the dedupe
// set's one-byte count), the written_positions counters, and byte-identical files for every
// thread count and chunk size; the counts' spill beside the counts file.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "fenbatch/pipeline/run.hpp"
#include "read_file.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

using test::read_file;
using test::temp_dir;

const std::string lone_kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string corner_kings = "7k/8/8/8/8/8/8/K7 w - - 0 1";

// a.fen: lone kings, the start, lone kings again (other counters, odd spacing), an invalid
// line, a blank line, the start in Shredder notation.
std::string file_a() {
  return lone_kings + "\n" + start + "\n" + "  4k3/8/8/8/8/8/8/4K3   w - - 7 42  \n" +
         "not a fen\n" + "\n" + "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n";
}

// b.fen: lone kings with black to move (new), the start in EPD form, the corner kings 300
// times (lines 3 to 302), lone kings with black to move again (line 303), CRLF-terminated.
std::string file_b() {
  std::string text = "4k3/8/8/8/8/8/8/4K3 b - - 0 1\n";
  text += "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n";
  for (int i = 0; i < 300; ++i) text += corner_kings + "\n";
  text += "4k3/8/8/8/8/8/8/4K3 b - - 3 10\r\n";
  return text;
}

struct files {
  std::string output, counts, duplicates;
  run_stats stats;
};

files run_with(const temp_dir& dir, run_config config) {
  config.output = dir.path("out.fen");
  config.counts_path = dir.path("counts.tsv");
  config.duplicates_path = dir.path("dups.txt");
  files f;
  f.stats = run(config);
  f.output = read_file(config.output);
  f.counts = read_file(config.counts_path);
  f.duplicates = read_file(config.duplicates_path);
  return f;
}

TEST(CountsAndDuplicates, FilesListEveryPositionAndEveryDroppedLine) {
  temp_dir dir;
  const std::string a = dir.file("a.fen", file_a());
  const std::string b = dir.file("b.fen", file_b());
  run_config config;
  config.inputs = {a, b};  // no --dedupe: --counts and --duplicates imply it
  const files f = run_with(dir, config);

  EXPECT_EQ(f.output, lone_kings + "\n" + start + "\n" + "4k3/8/8/8/8/8/8/4K3 b - - 0 1\n" +
                          corner_kings + "\n");
  EXPECT_EQ(f.counts, "2\t4k3/8/8/8/8/8/8/4K3 w - -\t" + a + ":1\n" +
                          "3\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\t" + a + ":2\n" +
                          "2\t4k3/8/8/8/8/8/8/4K3 b - -\t" + b + ":1\n" +
                          "300\t7k/8/8/8/8/8/8/K7 w - -\t" + b + ":3\n");
  std::string duplicates =
      a + ":3: duplicate of " + a + ":1:   4k3/8/8/8/8/8/8/4K3   w - - 7 42  \n" + a +
      ":6: duplicate of " + a + ":2: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n" +
      b + ":2: duplicate of " + a + ":2: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n";
  for (int line = 4; line <= 302; ++line) {
    duplicates +=
        b + ":" + std::to_string(line) + ": duplicate of " + b + ":3: " + corner_kings + "\n";
  }
  duplicates += b + ":303: duplicate of " + b + ":1: 4k3/8/8/8/8/8/8/4K3 b - - 3 10\n";
  EXPECT_EQ(f.duplicates, duplicates);

  // 4 valid lines in a.fen and 303 in b.fen: the counts add up to 307.
  EXPECT_EQ(f.stats.valid, 307U);
  EXPECT_EQ(f.stats.written, 4U);
  EXPECT_EQ(f.stats.unique, 4U);
  EXPECT_EQ(f.stats.duplicates, 303U);
  EXPECT_TRUE(f.stats.reconciles());
  ASSERT_EQ(f.stats.inputs.size(), 2U);
  EXPECT_EQ(f.stats.inputs[0].counts.duplicates, 2U);
  EXPECT_EQ(f.stats.inputs[1].counts.duplicates, 301U);
}

TEST(CountsAndDuplicates, WrittenPositionsCountTheOutputNotTheInput) {
  temp_dir dir;
  run_config config;
  config.inputs = {dir.file("a.fen", file_a()), dir.file("b.fen", file_b())};
  const files f = run_with(dir, config);
  // Valid lines: 305 white to move (2 + 3 + 300), 2 black; written: lone kings (white),
  // start (white, standard castling, 32 pieces), lone kings (black), corner kings (white).
  EXPECT_EQ(f.stats.white_to_move, 305U);
  EXPECT_EQ(f.stats.black_to_move, 2U);
  EXPECT_EQ(f.stats.written_white_to_move, 3U);
  EXPECT_EQ(f.stats.written_black_to_move, 1U);
  EXPECT_EQ(f.stats.written_castling_none, 3U);
  EXPECT_EQ(f.stats.written_castling_standard, 1U);
  EXPECT_EQ(f.stats.written_castling_chess960, 0U);
  EXPECT_EQ(f.stats.written_piece_count[2], 3U);
  EXPECT_EQ(f.stats.written_piece_count[32], 1U);
  EXPECT_EQ(f.stats.piece_count[2], 304U);
}

TEST(CountsAndDuplicates, WithoutDedupeWrittenPositionsAreTheValidLines) {
  temp_dir dir;
  run_config config;
  config.inputs = {dir.file("a.fen", file_a()), dir.file("b.fen", file_b())};
  config.output = dir.path("out.fen");
  const run_stats stats = run(config);
  EXPECT_EQ(stats.written_white_to_move, 305U);
  EXPECT_EQ(stats.written_black_to_move, 2U);
  EXPECT_EQ(stats.written_castling_standard, 3U);
  EXPECT_EQ(stats.written_piece_count[2], 304U);
  EXPECT_EQ(stats.written_piece_count[32], 3U);
}

TEST(CountsAndDuplicates, FilesDoNotDependOnThreadsOrChunks) {
  temp_dir dir;
  run_config base;
  base.inputs = {dir.file("a.fen", file_a()), dir.file("b.fen", file_b())};
  base.threads = 1;
  const files reference = run_with(dir, base);
  for (const unsigned threads : {1U, 2U, 4U}) {
    for (const std::size_t chunk : {1UL, 7UL, 100UL, 1UL << 20}) {
      SCOPED_TRACE(testing::Message() << "threads " << threads << " chunk " << chunk);
      run_config config = base;
      config.threads = threads;
      config.chunk_size = chunk;
      const files f = run_with(dir, config);
      EXPECT_EQ(f.output, reference.output);
      EXPECT_EQ(f.counts, reference.counts);
      EXPECT_EQ(f.duplicates, reference.duplicates);
      EXPECT_EQ(static_cast<const run_counters&>(f.stats),
                static_cast<const run_counters&>(reference.stats));
    }
  }
}

TEST(CountsAndDuplicates, ALongDuplicateIsKeptWhole) {
  // A valid line is never longer than the cap (a longer one is rejected), so the overlong-line
  // rule never cuts a duplicate: a long EPD line within the cap is quoted whole.
  temp_dir dir;
  const std::string ops = "4k3/8/8/8/8/8/8/4K3 w - - c0 \"" + std::string(60'000, 'x') + "\";";
  run_config config;
  config.inputs = {dir.file("a.epd", ops + "\n" + ops + "\n")};
  const files f = run_with(dir, config);
  EXPECT_EQ(f.duplicates,
            config.inputs[0] + ":2: duplicate of " + config.inputs[0] + ":1: " + ops + "\n");
}

}  // namespace
}  // namespace fenbatch::pipeline
