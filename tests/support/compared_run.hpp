// A whole run through the library API with every file it can write (output, rejects, and
// --counts/--duplicates when the config names them) written into a test's directory and read
// back, and its statistics as JSON less what may differ between runs of the same input
// (timings, threads, the memory member): for comparing a run with another of the same input
// under other settings (a memory budget, threads, chunk sizes) byte for byte.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "fenbatch/pipeline/run.hpp"
#include "read_file.hpp"
#include "temp_dir.hpp"

namespace fenbatch::test {

struct compared_run {
  std::string output, rejects, counts, duplicates, stats_json;
  pipeline::run_stats stats;
};

// A --dedupe run of `inputs`, quoting 2 samples per reason; with origins, --counts and
// --duplicates too (run_for_comparison places their files).
inline pipeline::run_config dedupe_config(std::vector<std::string> inputs, bool origins) {
  pipeline::run_config config;
  config.inputs = std::move(inputs);
  config.dedupe = true;
  config.samples_per_reason = 2;
  if (origins) {
    config.counts_path = "counts";
    config.duplicates_path = "dups";
  }
  return config;
}

// Runs `config` with its files in `dir` (counts and duplicates only where the config names
// them; temporary files there too).
inline compared_run run_for_comparison(const temp_dir& dir, pipeline::run_config config) {
  config.output = dir.path("out.fen");
  config.rejects_path = dir.path("rejects.txt");
  if (!config.counts_path.empty()) config.counts_path = dir.path("counts.tsv");
  if (!config.duplicates_path.empty()) config.duplicates_path = dir.path("dups.txt");
  config.temp_dir = dir.path("");
  compared_run o;
  o.stats = pipeline::run(config);
  o.output = read_file(config.output);
  o.rejects = read_file(config.rejects_path);
  if (!config.counts_path.empty()) o.counts = read_file(config.counts_path);
  if (!config.duplicates_path.empty()) o.duplicates = read_file(config.duplicates_path);
  pipeline::run_stats comparable = o.stats;
  comparable.wall_seconds = 0;
  comparable.threads = 0;
  comparable.memory = {};
  o.stats_json = pipeline::to_json(comparable, config);
  return o;
}

inline void expect_same_files(const compared_run& run, const compared_run& reference) {
  EXPECT_EQ(run.output, reference.output);
  EXPECT_EQ(run.rejects, reference.rejects);
  EXPECT_EQ(run.counts, reference.counts);
  EXPECT_EQ(run.duplicates, reference.duplicates);
  EXPECT_EQ(run.stats_json, reference.stats_json);
}

}  // namespace fenbatch::test
