// What fenbatch prints about memory (apps/batch/summary.cpp): the --stats line on the budget
// and the dedupe mode, and the progress line through the three passes of a
// partitioned run (the deduplicating pass counts partitions, not bytes).
#include "batch/summary.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace fenbatch::app {
namespace {

using pipeline::progress_info;
using pipeline::run_phase;

constexpr std::uint64_t mib = std::uint64_t{1} << 20;

TEST(MemorySummary, InMemory) {
  pipeline::memory_stats m;
  m.limit_bytes = 512 * mib;
  m.limit_source = "--memory-limit";
  EXPECT_EQ(memory_summary(m), "memory: 512 MiB budget (--memory-limit); dedupe in memory");
}

TEST(MemorySummary, PartitionedAfterASwitch) {
  pipeline::memory_stats m;
  m.limit_bytes = 3 * mib + 512 * 1024;
  m.limit_source = "cgroup memory.max";
  m.partitioned = true;
  m.lines_before_switch = 12'345'678;
  m.partitions = 256;
  m.temp_bytes = 1'288'490'189;  // 1.2 GiB
  EXPECT_EQ(memory_summary(m),
            "memory: 3.5 MiB budget (cgroup memory.max); partitioned after 12,345,678 lines, 256 "
            "partitions, 1.2 GiB temporary");
}

TEST(MemorySummary, PartitionedFromTheStart) {
  pipeline::memory_stats m;
  m.limit_bytes = 16 * mib;
  m.limit_source = "RLIMIT_AS";
  m.partitioned = true;
  m.partitions = 1;
  m.temp_bytes = 1000;
  EXPECT_EQ(memory_summary(m),
            "memory: 16 MiB budget (RLIMIT_AS); partitioned from the start, 1 partition, 1000 "
            "bytes temporary");
}

// The progress text without its padding, and a check that the padding is there.
std::string progress_of(const progress_info& p) {
  std::string text = progress_text(p);
  EXPECT_GE(text.size(), progress_columns) << text;
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

progress_info progress(std::uint64_t done, std::uint64_t total, double seconds, run_phase phase,
                       bool partitioned) {
  progress_info p;
  p.bytes_done = done;
  p.bytes_total = total;
  p.seconds = seconds;
  p.phase = phase;
  p.partitioned = partitioned;
  return p;
}

TEST(ProgressLine, InMemoryRunShowsBytesRateAndEta) {
  EXPECT_EQ(progress_of(progress(250'000'000, 1'000'000'000, 2.5, run_phase::reading, false)),
            "fenbatch: 250 / 1000 MB (25.0%), 100 MB/s, ETA 8 s");
  EXPECT_EQ(progress_of(progress(300'000'000, 0, 3, run_phase::reading, false)),
            "fenbatch: 300 MB, 100 MB/s");
}

TEST(ProgressLine, PartitionedRunShowsItsPass) {
  EXPECT_EQ(progress_of(progress(250'000'000, 1'000'000'000, 2.5, run_phase::reading, true)),
            "fenbatch: pass 1/3 reading, 250 / 1000 MB (25.0%), 100 MB/s, ETA 8 s");
  EXPECT_EQ(progress_of(progress(300'000'000, 0, 3, run_phase::reading, true)),
            "fenbatch: pass 1/3 reading, 300 MB, 100 MB/s");
  EXPECT_EQ(progress_of(progress(12, 256, 40, run_phase::deduplicating, true)),
            "fenbatch: pass 2/3 deduplicating partitions 12/256");
  EXPECT_EQ(progress_of(progress(500'000'000, 1'000'000'000, 10, run_phase::writing, true)),
            "fenbatch: pass 3/3 writing, 500 / 1000 MB (50.0%), 50 MB/s, ETA 10 s");
}

TEST(ProgressLine, NoTimeYetMeansNoRate) {
  EXPECT_EQ(progress_of(progress(0, 1'000'000, 0, run_phase::reading, true)),
            "fenbatch: pass 1/3 reading, 0 / 1 MB (0.0%), 0 MB/s, ETA 0 s");
}

}  // namespace
}  // namespace fenbatch::app
