// --exclude through the library API: the reference's positions are dropped and counted as
// excluded (with and without dedupe), its invalid lines are counted and do not fail the run,
// a missing reference fails before anything is written, and the counts reconcile. Expected
// values are written out by hand from the inputs below.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <system_error>

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

// 6 lines: 4 valid (lone kings twice, the start twice), 1 invalid, 1 blank.
std::string file_a() {
  return lone_kings + "\n" + start + "\n" + "4k3/8/8/8/8/8/8/4K3 w - - 7 42\n" + "not a fen\n" +
         "\n" + "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n";
}

// 303 lines, all valid: lone kings black to move twice, the start once, corner kings 300 times.
std::string file_b() {
  std::string text = "4k3/8/8/8/8/8/8/4K3 b - - 0 1\n";
  text += "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n";
  for (int i = 0; i < 300; ++i) text += corner_kings + "\n";
  text += "4k3/8/8/8/8/8/8/4K3 b - - 3 10\n";
  return text;
}

// 5 lines: lone kings (white to move, other counters) and corner kings (EPD form) valid; a
// garbage line and a kingless board invalid; one blank.
std::string reference() {
  return "4k3/8/8/8/8/8/8/4K3 w - - 5 5\ngarbage\n\n7k/8/8/8/8/8/8/K7 w - -\n"
         "8/8/8/8/8/8/8/8 w - - 0 1\n";
}

TEST(Exclude, DropsTheReferencePositionsWithDedupe) {
  temp_dir dir;
  run_config config;
  config.inputs = {dir.file("a.fen", file_a()), dir.file("b.fen", file_b())};
  config.exclude_paths = {dir.file("ref.fen", reference())};
  config.output = dir.path("out.fen");
  config.counts_path = dir.path("counts.tsv");
  config.dedupe = true;
  const run_stats stats = run(config);
  EXPECT_EQ(read_file(config.output), start + "\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\n");
  // Counts add up to the valid lines minus the excluded ones: 307 - 302.
  EXPECT_EQ(read_file(config.counts_path),
            "3\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\t" + config.inputs[0] +
                ":2\n" + "2\t4k3/8/8/8/8/8/8/4K3 b - -\t" + config.inputs[1] + ":1\n");
  EXPECT_EQ(stats.lines, 309U);
  EXPECT_EQ(stats.valid, 307U);
  EXPECT_EQ(stats.excluded, 302U);  // lone kings white to move twice, corner kings 300 times
  EXPECT_EQ(stats.written, 2U);
  EXPECT_EQ(stats.duplicates, 3U);
  EXPECT_EQ(stats.unique, 2U);
  EXPECT_EQ(stats.invalid, 1U);
  EXPECT_EQ(stats.skipped(), 1U);
  EXPECT_TRUE(stats.reconciles());
  ASSERT_EQ(stats.inputs.size(), 2U);
  EXPECT_EQ(stats.inputs[0].counts.excluded, 2U);
  EXPECT_EQ(stats.inputs[1].counts.excluded, 300U);
  EXPECT_TRUE(stats.inputs[0].counts.reconciles());
  EXPECT_TRUE(stats.inputs[1].counts.reconciles());
  EXPECT_EQ(stats.reference, (reference_stats{1, 5, 2, 2, 2}));
  // Written: the start (white, standard castling, 32 pieces), lone kings black to move.
  EXPECT_EQ(stats.written_white_to_move, 1U);
  EXPECT_EQ(stats.written_black_to_move, 1U);
  EXPECT_EQ(stats.written_castling_standard, 1U);
  EXPECT_EQ(stats.written_castling_none, 1U);
  EXPECT_EQ(stats.written_piece_count[32], 1U);
  EXPECT_EQ(stats.written_piece_count[2], 1U);
}

TEST(Exclude, DropsTheReferencePositionsWithoutDedupe) {
  temp_dir dir;
  run_config config;
  config.inputs = {dir.file("a.fen", file_a()), dir.file("b.fen", file_b())};
  config.exclude_paths = {dir.file("ref.fen", reference())};
  config.output = dir.path("out.fen");
  const run_stats stats = run(config);
  EXPECT_EQ(read_file(config.output), start + "\n" + start + "\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\n" +
                                          start + "\n4k3/8/8/8/8/8/8/4K3 b - - 3 10\n");
  EXPECT_EQ(stats.excluded, 302U);
  EXPECT_EQ(stats.written, 5U);
  EXPECT_EQ(stats.duplicates, 0U);
  EXPECT_TRUE(stats.reconciles());
  EXPECT_EQ(stats.written_white_to_move, 3U);
  EXPECT_EQ(stats.written_black_to_move, 2U);
  EXPECT_EQ(stats.written_piece_count[32], 3U);
  EXPECT_EQ(stats.written_piece_count[2], 2U);
}

TEST(Exclude, SeveralReferencesAndTheKeyOption) {
  // With --key full, the counters are part of the key: only the exact lone-kings line of the
  // second reference matches (a.fen's line 1), not the reference's "5 5".
  temp_dir dir;
  run_config config;
  config.inputs = {dir.file("a.fen", file_a())};
  config.exclude_paths = {dir.file("ref.fen", reference()),
                          dir.file("ref2.fen", lone_kings + "\n")};
  config.output = dir.path("out.fen");
  config.key = core::key_kind::full;
  const run_stats stats = run(config);
  EXPECT_EQ(stats.excluded, 1U);
  EXPECT_EQ(stats.reference, (reference_stats{2, 6, 3, 2, 3}));
  EXPECT_EQ(read_file(config.output), start + "\n4k3/8/8/8/8/8/8/4K3 w - - 7 42\n" + start + "\n");
}

TEST(Exclude, AMissingReferenceFailsBeforeAnythingIsWritten) {
  temp_dir dir;
  run_config config;
  config.inputs = {dir.file("a.fen", file_a())};
  config.exclude_paths = {dir.path("absent.fen")};
  config.output = dir.path("out.fen");
  EXPECT_THROW(run(config), std::system_error);
  EXPECT_FALSE(std::filesystem::exists(config.output));
}

TEST(Exclude, ResultsDoNotDependOnThreadsOrChunks) {
  temp_dir dir;
  run_config base;
  base.inputs = {dir.file("a.fen", file_a()), dir.file("b.fen", file_b())};
  base.exclude_paths = {dir.file("ref.fen", reference())};
  base.output = dir.path("out.fen");
  base.dedupe = true;
  base.threads = 1;
  const run_stats expected = run(base);
  const std::string expected_output = read_file(base.output);
  for (const unsigned threads : {1U, 2U}) {
    for (const std::size_t chunk : {1UL, 13UL, 1UL << 20}) {
      SCOPED_TRACE(testing::Message() << "threads " << threads << " chunk " << chunk);
      run_config config = base;
      config.threads = threads;
      config.chunk_size = chunk;
      const run_stats stats = run(config);
      EXPECT_EQ(read_file(config.output), expected_output);
      EXPECT_EQ(static_cast<const run_counters&>(stats),
                static_cast<const run_counters&>(expected));
      EXPECT_EQ(stats.reference, expected.reference);
    }
  }
}

}  // namespace
}  // namespace fenbatch::pipeline
