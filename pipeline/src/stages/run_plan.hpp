// The run plan: how many threads, dedupe shards and dedupe stages, how large a chunk and how
// many chunks in flight, derived once from the configuration and the CPUs at hand.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

struct run_plan {
  unsigned threads = 1;
  std::size_t shard_count = 1;         // dedupe table shards
  std::size_t dedupe_stage_count = 0;  // 0 without dedupe
  std::size_t chunk_size = 1 << 20;    // bytes
  std::size_t tokens = 4;              // chunks in flight
  // The memory budget (--memory-limit or its default) and its parts, from
  // fit_to_memory: what the dedupe set may take before the run switches to partitions, and
  // what the partitions may take.
  std::uint64_t memory_budget = 0;
  std::uint64_t set_bytes = 0;
  std::uint64_t partition_bytes = 0;
  // --uniqueness: what the identity sets take together (fit_to_memory), shared equally.
  std::uint64_t uniqueness_bytes = 0;
};

// Throws std::runtime_error when FENBATCH_FORCE_IMPL names a decoder this build or CPU lacks,
// std::invalid_argument for a shard count that is not a power of two up to 64, and for more
// dedupe stages than the shards set outright; config_error when the run may make temporary
// files (dedupe, --counts, --duplicates, or --temp-dir given) and its temporary directory
// cannot hold them (check_run_temp_dir: the probe file is gone again). Opens no input or
// destination.
[[nodiscard]] run_plan plan_run(const resource_options& resources, bool dedupe,
                                std::size_t chunk_size);

// Fits the plan to `budget` bytes, of which `reference_bytes` are taken (the --exclude set):
// chunks in flight get at most a quarter (smaller chunks first, then fewer), a fixed
// allowance goes to buffers, the rest to dedupe. Throws config_error when too little is left.
// With `uniqueness` (--uniqueness), chunks are reckoned larger (each line's identity keys), and
// the identity sets get a quarter of the dedupe part as the budget alone sets it (the budget
// less its quarter for chunks, the buffers and the --exclude set: never the threads, so that
// the counts are the same at any -j), taken from dedupe; without dedupe, all of it.
void fit_to_memory(run_plan& plan, std::uint64_t budget, std::uint64_t reference_bytes,
                   bool uniqueness = false, bool dedupe = true);

// For tests and experiments (resource_options::test_memory_bytes): when `bytes` is not 0, the
// set and the partitions get that instead of their share of the budget.
void override_dedupe_memory(run_plan& plan, std::uint64_t bytes);

}  // namespace fenbatch::pipeline::detail
