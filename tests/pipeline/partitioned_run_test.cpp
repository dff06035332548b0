// Partitioned dedupe through the library API: a run whose dedupe set is given too little memory
// (run_config::dedupe_memory_bytes) switches to partitions on disk, at the start or in the
// middle, and writes exactly what the same run in memory writes: output, rejects, --counts,
// --duplicates and statistics (less the memory member and timings), for every thread count,
// chunk size and input path. The in-memory run is the reference; its own correctness is what
// the other pipeline tests check against hand-written files.
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

bool adjacent(int a, int b) {
  const int df = a % 8 - b % 8;
  const int dr = a / 8 - b / 8;
  return df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

// Kings on two squares not adjacent and, when `knight` is a free square, a white knight
// there, black to move (a knight check on black is legal then).
std::string position(int white_king, int black_king, int knight) {
  std::string board(64, '.');
  board[static_cast<std::size_t>(white_king)] = 'K';
  board[static_cast<std::size_t>(black_king)] = 'k';
  if (knight >= 0) board[static_cast<std::size_t>(knight)] = 'N';
  return test::placement_text(board) + (knight >= 0 ? " b" : " w") + " - -";
}

// About `lines` lines drawn from a pool of many distinct positions (so that a small set
// overflows), with repeats near and far, other counters on repeats, invalid and blank lines,
// and one position 300 times (past the set's one-byte count).
std::string corpus(std::uint64_t seed, int lines) {
  std::vector<std::string> pool;
  for (int wk = 0; wk < 64; ++wk) {
    for (int bk = 0; bk < 64; ++bk) {
      if (bk == wk || adjacent(wk, bk)) continue;
      for (int n = -1; n < 64; n += 2) {
        if (n == wk || n == bk) continue;
        pool.push_back(position(wk, bk, n));
      }
    }
  }
  std::string text;
  std::uint64_t x = seed;
  const auto next = [&x] {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x >> 33;
  };
  for (int i = 0; i < lines; ++i) {
    const std::uint64_t r = next();
    if (r % 97 == 0) {
      text += "not a position " + std::to_string(i) + "\n";
    } else if (r % 89 == 0) {
      text += "\n";
    } else if (i >= 1000 && i < 1300) {
      text += "4k3/8/8/8/8/8/8/4K3 w - - " + std::to_string(i % 7) + " 1\n";
    } else {
      // Mostly new positions early, more repeats later.
      const std::size_t reach =
          std::min<std::size_t>(pool.size(), 30000 + static_cast<std::size_t>(i));
      text += pool[next() % reach] + " " + std::to_string(r % 3) + " 1\n";
    }
  }
  return text;
}

using test::compared_run;
using test::expect_same_files;
using test::run_for_comparison;

class PartitionedRun : public testing::Test {
 protected:
  void SetUp() override {
    inputs_ = {dir_.file("a.fen", corpus(1, 120000)), dir_.file("b.fen", corpus(2, 60000))};
  }
  temp_dir dir_;
  std::vector<std::string> inputs_;
};

TEST_F(PartitionedRun, FromTheStartWritesWhatMemoryWrites) {
  for (const bool origins : {false, true}) {
    SCOPED_TRACE(origins ? "with --counts and --duplicates" : "plain --dedupe");
    run_config config = test::dedupe_config(inputs_, origins);
    const compared_run in_memory = run_for_comparison(dir_, config);
    ASSERT_FALSE(in_memory.stats.memory.partitioned);
    ASSERT_GT(in_memory.stats.duplicates, 10000U);
    config.dedupe_memory_bytes = 1;  // not even an empty set fits
    for (const unsigned threads : {1U, 2U}) {
      for (const std::size_t chunk : {std::size_t{1} << 20, std::size_t{3000}}) {
        SCOPED_TRACE(testing::Message() << "threads " << threads << " chunk " << chunk);
        config.threads = threads;
        config.chunk_size = chunk;
        const compared_run partitioned = run_for_comparison(dir_, config);
        EXPECT_TRUE(partitioned.stats.memory.partitioned);
        EXPECT_EQ(partitioned.stats.memory.lines_before_switch, 0U);
        expect_same_files(partitioned, in_memory);
      }
    }
  }
}

TEST_F(PartitionedRun, SwitchInTheMiddleWritesWhatMemoryWrites) {
  for (const bool origins : {false, true}) {
    SCOPED_TRACE(origins ? "with --counts and --duplicates" : "plain --dedupe");
    run_config config = test::dedupe_config(inputs_, origins);
    const compared_run in_memory = run_for_comparison(dir_, config);
    for (const unsigned threads : {1U, 2U}) {
      for (const bool mmap : {true, false}) {
        SCOPED_TRACE(testing::Message() << "threads " << threads << " mmap " << mmap);
        config.threads = threads;
        config.use_mmap = mmap;
        config.chunk_size = 20000;
        // The set holds about 72,000 keys (17 bytes a slot; 25 with origins), the input has 79,362.
        config.dedupe_memory_bytes = std::uint64_t{origins ? 2600U : 1800U} << 10;
        const compared_run partitioned = run_for_comparison(dir_, config);
        EXPECT_TRUE(partitioned.stats.memory.partitioned);
        EXPECT_GT(partitioned.stats.memory.lines_before_switch, 0U);
        EXPECT_LT(partitioned.stats.memory.lines_before_switch, partitioned.stats.lines);
        expect_same_files(partitioned, in_memory);
      }
    }
  }
}

}  // namespace
}  // namespace fenbatch::pipeline
