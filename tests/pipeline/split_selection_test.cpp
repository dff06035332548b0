// --split and --sample (issue 28) as the pipeline resolves, checks and writes them: what they
// imply and what they do not (docs/usage.md's rules, written out by hand), the thresholds
// (2^53 = 9007199254740992 times the fractions, by hand), the destinations refused, and the
// split files of a CSV run (each with the header, the lines together those of the plain run).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "fenbatch/pipeline/run_config.hpp"
#include "output/destination_check.hpp"
#include "plan/resolved_run.hpp"
#include "read_file.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

run_config with_two_splits() {
  run_config config;
  config.inputs = {"a.fen"};
  config.output = "out.fen";
  config.splits = {{"test", {1, 1}, "0.1", "t.fen"}, {"valid", {5, 2}, "5%", "v.fen.zst"}};
  config.split_seed = 9;
  config.exclude_paths = {"ref.fen"};
  return config;
}

TEST(SplitResolve, SplitsImplyNoDedupeButKeyEveryWrittenLine) {
  const detail::resolved_run run = detail::resolve_run(with_two_splits());
  EXPECT_FALSE(run.dedupe.enabled);
  EXPECT_FALSE(run.lines.keyed);  // not grouped by shard: no dedupe
  EXPECT_TRUE(run.lines.keys_for_splits);
  EXPECT_EQ(run.splits.thresholds,
            (std::vector<std::uint64_t>{900719925474099ULL, 1351079888211148ULL}));
  EXPECT_EQ(run.splits.seed, 9U);
  ASSERT_EQ(run.outputs.splits.size(), 2U);
  EXPECT_EQ(run.outputs.splits[1].name, "valid");
  EXPECT_EQ(run.outputs.splits[1].fraction, "5%");
  EXPECT_EQ(run.outputs.splits[1].path, "v.fen.zst");
  EXPECT_DOUBLE_EQ(run.outputs.splits[1].share, 0.05);
  EXPECT_EQ(run.report.split_seed, 9U);
  // A reference is neither split nor sampled: only its keys matter.
  ASSERT_EQ(run.references.size(), 1U);
  EXPECT_FALSE(run.references[0].lines.keys_for_splits);
  EXPECT_FALSE(run.references[0].lines.sample_threshold.has_value());
}

TEST(SplitResolve, WithDedupeTheKeysAreThereAlready) {
  run_config config = with_two_splits();
  config.dedupe = true;
  const detail::resolved_run run = detail::resolve_run(config);
  EXPECT_TRUE(run.lines.keyed);
  EXPECT_FALSE(run.lines.keys_for_splits);
}

TEST(SampleResolve, TheThresholdAndSeedWithoutDedupe) {
  run_config config = with_two_splits();
  config.splits.clear();
  config.sample = core::decimal_fraction{1, 2};  // 1%: 90071992547409.92
  config.sample_text = "1%";
  config.sample_seed = 4;
  const detail::resolved_run run = detail::resolve_run(config);
  EXPECT_FALSE(run.dedupe.enabled);
  EXPECT_FALSE(run.lines.keys_for_splits);
  EXPECT_EQ(run.lines.sample_threshold, 90071992547409ULL);
  EXPECT_EQ(run.lines.sample_seed, 4U);
  EXPECT_TRUE(run.splits.empty());
  EXPECT_FALSE(run.references[0].lines.sample_threshold.has_value());
  EXPECT_EQ(run.report.sample, "1%");
  EXPECT_EQ(run.report.sample_seed, 4U);
}

TEST(SplitResolve, FractionsAddingUpToMoreThanOneAreAConfigError) {
  run_config config = with_two_splits();
  config.splits[0].fraction = {96, 2};
  EXPECT_THROW((void)detail::resolve_run(config), config_error);
}

// The message of the config_error that check_destinations throws, or "" when it accepts.
std::string refusal(const run_config& config) {
  try {
    const detail::resolved_run run = detail::resolve_run(config);
    detail::check_destinations(run.outputs, run.inputs, run.references);
  } catch (const config_error& e) {
    return e.what();
  }
  return "";
}

TEST(SplitDestinations, ASplitIsNeverAnInputAReferenceOrAnotherWrittenFile) {
  const test::temp_dir dir;
  run_config config;
  config.inputs = {dir.file("in.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")};
  config.output = dir.path("out.fen");
  config.exclude_paths = {dir.file("ref.fen", "")};
  config.counts_path = dir.path("counts.tsv");
  const auto split_to = [&config](const std::string& path) {
    run_config c = config;
    c.splits = {{"a", {1, 1}, "10%", path}, {"b", {1, 1}, "10%", c.output + ".b"}};
    return refusal(c);
  };
  EXPECT_EQ(split_to(dir.path("a.fen")), "");
  EXPECT_EQ(split_to(config.inputs[0]),
            "--split a " + quoted_name(config.inputs[0]) + " is also an input");
  EXPECT_EQ(split_to(config.exclude_paths[0]), "--split a " + quoted_name(config.exclude_paths[0]) +
                                                   " is also an --exclude reference");
  EXPECT_EQ(split_to(config.output),
            "the output and --split a both write " + quoted_name(config.output));
  EXPECT_EQ(split_to(config.counts_path),
            "--counts and --split a both write " + quoted_name(config.counts_path));
  EXPECT_EQ(split_to(config.output + ".b"),
            "--split a and --split b both write " + quoted_name(config.output + ".b"));
  // Any other file may be replaced, as by the output: a split holds the inputs' records.
  EXPECT_EQ(split_to(dir.file("old.fen", "4k3/8/8/8/8/8/8/4K3 b - - 0 1\n")), "");
}

// A file's lines after its first.
std::vector<std::string> lines_after_header(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = text.find('\n') + 1;
  for (std::size_t end = text.find('\n', at); end != std::string::npos;
       at = end + 1, end = text.find('\n', at)) {
    lines.push_back(text.substr(at, end - at));
  }
  return lines;
}

TEST(SplitRun, EverySplitOfACsvRunStartsWithTheHeaderAndTheLinesAreThePlainRuns) {
  const test::temp_dir dir;
  std::string csv = "id,fen\n";
  const std::vector<std::string> kings = {"4k3/8/8/8/8/8/8/4K3", "3k4/8/8/8/8/8/8/4K3",
                                          "2k5/8/8/8/8/8/8/4K3", "1k6/8/8/8/8/8/8/4K3",
                                          "k7/8/8/8/8/8/8/4K3",  "7k/8/8/8/8/8/8/4K3"};
  for (std::size_t i = 0; i < 40; ++i) {
    csv += std::to_string(i) + "," + kings[i % kings.size()] + (i % 2 == 0 ? " w" : " b") +
           " - - 0 1\n";
  }
  run_config config;
  config.inputs = {dir.file("in.csv", csv)};
  config.output = dir.path("plain.csv");
  (void)run(config);
  config.output = dir.path("rest.csv");
  config.splits = {{"a", {3, 1}, "0.3", dir.path("a.csv")},
                   {"b", {3, 1}, "0.3", dir.path("b.csv")}};
  const run_stats stats = run(config);
  std::vector<std::string> plain = lines_after_header(test::read_file(dir.path("plain.csv")));
  std::vector<std::string> together;
  std::uint64_t in_splits = 0;
  for (const char* file : {"rest.csv", "a.csv", "b.csv"}) {
    const std::string text = test::read_file(dir.path(file));
    ASSERT_EQ(text.rfind("id,fen\n", 0), 0U) << file << " has no header";
    const std::vector<std::string> lines = lines_after_header(text);
    together.insert(together.end(), lines.begin(), lines.end());
    if (std::string_view(file) != "rest.csv") in_splits += lines.size();
  }
  std::sort(plain.begin(), plain.end());
  std::sort(together.begin(), together.end());
  EXPECT_EQ(plain, together);
  ASSERT_EQ(stats.written_by_split.size(), 2U);
  EXPECT_EQ(stats.written_by_split[0] + stats.written_by_split[1], in_splits);
  EXPECT_EQ(stats.written, 40U);
  EXPECT_GT(in_splits, 0U);
}

}  // namespace
}  // namespace fenbatch::pipeline
