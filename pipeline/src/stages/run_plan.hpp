// The run plan: how many threads, dedupe shards and dedupe stages, how large a chunk and how
// many chunks in flight, derived once from the configuration and the CPUs at hand.
#pragma once

#include <cstddef>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::pipeline::detail {

struct run_plan {
  unsigned threads = 1;
  std::size_t shard_count = 1;         // dedupe table shards
  std::size_t dedupe_stage_count = 0;  // 0 without dedupe
  std::size_t chunk_size = 1 << 20;    // bytes
  std::size_t tokens = 4;              // chunks in flight
};

// Throws std::runtime_error when FENBATCH_FORCE_IMPL names a decoder this build or CPU lacks,
// std::invalid_argument for a shard count that is not a power of two up to 64, and for more
// dedupe stages than the shards set outright; opens nothing.
[[nodiscard]] run_plan plan_run(const run_config& config);

}  // namespace fenbatch::pipeline::detail
