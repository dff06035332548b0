// A whole run through the library API with its output and rejects written into a test's
// temporary directory and read back, and the settings (threads, chunk size, mapped or read
// input) that none of what it writes may depend on.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <initializer_list>
#include <string>

#include "fenbatch/pipeline/run.hpp"
#include "read_file.hpp"
#include "temp_dir.hpp"

namespace fenbatch::test {

struct run_outcome {
  std::string output;
  std::string rejects;
  pipeline::run_stats stats;
  std::string stats_json;  // without the timing fields, which differ from run to run
};

// Runs `config` with its output at `output_name` and its rejects at rejects.txt in `dir`.
inline run_outcome run_in(const temp_dir& dir, pipeline::run_config config,
                          const std::string& output_name = "out") {
  config.output = dir.path(output_name);
  config.rejects_path = dir.path("rejects.txt");
  run_outcome o;
  o.stats = pipeline::run(config);
  o.output = read_file(config.output);
  o.rejects = read_file(config.rejects_path);
  pipeline::run_stats timeless = o.stats;
  timeless.wall_seconds = 0;
  timeless.threads = 0;
  o.stats_json = pipeline::to_json(timeless, config);
  return o;
}

// Calls check(config) for `base` with 1, 2 and 8 threads, each of `chunk_sizes` and both
// input paths (mapped and read), under a trace that names them.
template <class Check>
void for_each_threads_chunk_mmap(const pipeline::run_config& base,
                                 std::initializer_list<std::size_t> chunk_sizes, Check check) {
  for (const unsigned threads : {1U, 2U, 8U}) {
    for (const std::size_t chunk : chunk_sizes) {
      for (const bool mmap : {true, false}) {
        SCOPED_TRACE(testing::Message()
                     << "threads " << threads << " chunk " << chunk << " mmap " << mmap);
        pipeline::run_config config = base;
        config.threads = threads;
        config.chunk_size = chunk;
        config.use_mmap = mmap;
        check(config);
      }
    }
  }
}

}  // namespace fenbatch::test
