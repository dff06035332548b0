// Partitioned dedupe at its limits, through the library API (issue 16's reliability tests): a
// budget so small that the run needs hundreds of partitions, and budgets that switch to
// partitions at several points in the middle of one input. Every run must write exactly what
// the same run in memory writes: output, rejects, --counts, --duplicates and statistics (less
// the memory member, timings and threads). The in-memory run is the reference; its own
// correctness is what the other pipeline tests check against hand-written files.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "compared_run.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "placement_text.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

using test::temp_dir;

// `lines` lines: mostly distinct positions (two kings, a white knight and a black bishop on
// random squares, black to move; the few illegal ones are rejects like any other), one in
// eight a repeat of an earlier line (other counters), one in 101 not a position, one in 97
// blank.
std::string corpus(std::uint64_t seed, int lines) {
  std::uint64_t x = seed;
  const auto next = [&x] {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x >> 33;
  };
  std::vector<std::string> written;
  written.reserve(static_cast<std::size_t>(lines));
  std::string text;
  for (int i = 0; i < lines; ++i) {
    const std::uint64_t r = next();
    if (r % 101 == 0) {
      text += "not a position " + std::to_string(i) + "\n";
      continue;
    }
    if (r % 97 == 0) {
      text += "\n";
      continue;
    }
    std::string line;
    if (r % 8 == 0 && !written.empty()) {
      line = written[next() % written.size()];
      line = line.substr(0, line.rfind(' ', line.size() - 3)) + " " + std::to_string(r % 50) + " 1";
    } else {
      std::string board(64, '.');
      const char pieces[] = {'K', 'k', 'N', 'b'};
      for (const char piece : pieces) {
        std::size_t square = next() % 64;
        while (board[square] != '.') square = (square + 1) % 64;
        board[square] = piece;
      }
      line = test::placement_text(board) + " b - - 0 1";
    }
    written.push_back(line);
    text += line + "\n";
  }
  return text;
}

using test::compared_run;
using test::expect_same_files;
using test::run_for_comparison;

class PartitionedLimits : public testing::Test {
 protected:
  temp_dir dir_;
};

TEST_F(PartitionedLimits, HundredsOfPartitionsWriteWhatMemoryWrites) {
  const std::string input = dir_.file("in.fen", corpus(11, 400000));
  for (const bool origins : {false, true}) {
    SCOPED_TRACE(origins ? "with --counts and --duplicates" : "plain --dedupe");
    run_config config = test::dedupe_config({input}, origins);
    config.threads = 2;
    const compared_run in_memory = run_for_comparison(dir_, config);
    ASSERT_FALSE(in_memory.stats.memory.partitioned);
    // The reference has what the budget must not fit: many distinct positions, and repeats.
    ASSERT_GT(in_memory.stats.written, 250000U);
    ASSERT_GT(in_memory.stats.duplicates, 40000U);
    ASSERT_GT(in_memory.stats.invalid, 3000U);
    config.dedupe_memory_bytes = 1;  // the smallest budget: partitions from the start
    for (const unsigned threads : {1U, 2U}) {
      SCOPED_TRACE(testing::Message() << "threads " << threads);
      config.threads = threads;
      config.chunk_size = threads == 1 ? std::size_t{1} << 20 : std::size_t{5000};
      const compared_run partitioned = run_for_comparison(dir_, config);
      EXPECT_TRUE(partitioned.stats.memory.partitioned);
      EXPECT_EQ(partitioned.stats.memory.lines_before_switch, 0U);
      EXPECT_GE(partitioned.stats.memory.partitions, 200U);
      EXPECT_GT(partitioned.stats.memory.temp_bytes, 0U);
      expect_same_files(partitioned, in_memory);
    }
  }
}

TEST_F(PartitionedLimits, SwitchesAtSeveralPointsWriteWhatMemoryWrites) {
  // Two inputs: the switch points fall in the first and in the second.
  const std::vector<std::string> inputs = {dir_.file("a.fen", corpus(21, 180000)),
                                           dir_.file("b.fen", corpus(22, 120000))};
  for (const bool origins : {false, true}) {
    SCOPED_TRACE(origins ? "with --counts and --duplicates" : "plain --dedupe");
    run_config config = test::dedupe_config(inputs, origins);
    const compared_run in_memory = run_for_comparison(dir_, config);
    ASSERT_FALSE(in_memory.stats.memory.partitioned);
    ASSERT_GT(in_memory.stats.written, 180000U);
    // The set gets 7/8 of the budget at 17 bytes a slot (25 with origins), at least 65,536
    // slots, and switches when it would grow past the budget: budgets 1.2 times as large as
    // sets of 65,536, 98,304 and 147,456 slots switch at three points, each later than the
    // one before; 64 MiB holds the whole set.
    const std::uint64_t slot = origins ? 25 : 17;
    const std::uint64_t budgets[] = {65536 * slot * 8 / 7 * 6 / 5, 98304 * slot * 8 / 7 * 6 / 5,
                                     147456 * slot * 8 / 7 * 6 / 5, std::uint64_t{64} << 20};
    std::uint64_t previous_switch = 0;
    for (std::size_t i = 0; i < std::size(budgets); ++i) {
      SCOPED_TRACE(testing::Message() << "budget " << budgets[i]);
      config.dedupe_memory_bytes = budgets[i];
      config.threads = 1 + static_cast<unsigned>(i % 2);
      config.use_mmap = i % 3 != 1;
      config.chunk_size = i % 2 == 0 ? std::size_t{20000} : std::size_t{7777};
      const compared_run partitioned = run_for_comparison(dir_, config);
      expect_same_files(partitioned, in_memory);
      if (i + 1 == std::size(budgets)) {
        EXPECT_FALSE(partitioned.stats.memory.partitioned);
        break;
      }
      EXPECT_TRUE(partitioned.stats.memory.partitioned);
      EXPECT_GT(partitioned.stats.memory.lines_before_switch, previous_switch);
      EXPECT_LT(partitioned.stats.memory.lines_before_switch, partitioned.stats.lines);
      previous_switch = partitioned.stats.memory.lines_before_switch;
    }
  }
}

}  // namespace
}  // namespace fenbatch::pipeline
