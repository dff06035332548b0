#include "stages/run_plan.hpp"

#include <oneapi/tbb/info.h>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "fenbatch/core/decoder_registry.hpp"
#include "stages/dedupe_set.hpp"

namespace fenbatch::pipeline::detail {

run_plan plan_run(const run_config& config) {
  // A decoder forced by FENBATCH_FORCE_IMPL that this build or CPU lacks: core falls back
  // quietly, but a run must not test or measure another decoder than the one asked for.
  if (const core::decoder_selection& decoder = core::selected_decoder(); !decoder.ok()) {
    throw std::runtime_error(decoder.message());
  }
  run_plan plan;
  // At most the CPUs this process may run on (its affinity mask, as oneTBB reads it): more
  // threads than that only add chunks in flight (four per thread) and contention.
  const auto available = static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
  plan.threads = config.threads != 0 ? std::min(config.threads, available) : available;

  // One shard per worker would leave threads idle at the join when shards differ in size.
  const std::size_t automatic_shards =
      plan.threads == 1
          ? 1
          : std::min(sharded_dedupe_set::max_shards, std::bit_ceil(std::size_t{4} * plan.threads));
  plan.shard_count = config.dedupe_shards != 0 ? config.dedupe_shards : automatic_shards;
  sharded_dedupe_set::check_shard_count(plan.shard_count);
  if (config.dedupe && config.dedupe_shards != 0 && config.dedupe_stages > plan.shard_count) {
    throw std::invalid_argument("dedupe stages (" + std::to_string(config.dedupe_stages) +
                                ") must not outnumber the shards (" +
                                std::to_string(plan.shard_count) + ")");
  }
  // Each dedupe stage is one more serial stage that runs beside the others: one per thread
  // keeps every thread able to add keys (at one thread, one stage of one shard).
  plan.dedupe_stage_count =
      !config.dedupe
          ? 0
          : std::min(plan.shard_count,
                     config.dedupe_stages != 0 ? config.dedupe_stages : std::size_t{plan.threads});

  // Offsets inside a chunk are 32-bit; chunks far beyond a few MiB buy nothing anyway.
  plan.chunk_size = std::clamp<std::size_t>(config.chunk_size, 1, 256 << 20);
  plan.tokens = 4 * static_cast<std::size_t>(plan.threads);
  return plan;
}

}  // namespace fenbatch::pipeline::detail
