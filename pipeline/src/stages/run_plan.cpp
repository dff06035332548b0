#include "stages/run_plan.hpp"

#include <oneapi/tbb/info.h>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "dedupe/dedupe_set.hpp"
#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "spill/temp_space.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// The temporary directory, checked before any work when the run may make a temporary file
// there: with dedupe (past the memory budget it goes on in partitions on disk, and whether it
// will depends on the input, whose size a stream does not tell; --counts and --duplicates
// imply it), and always when --temp-dir names one. Else it is never used, and a missing
// $TMPDIR or a read-only /tmp does not fail a run that needs neither. The check happens here
// rather than at the first spill, hours into a run.
void check_temp_dir_if_used(const resource_options& resources) {
  if (resources.may_write_temporaries) check_run_temp_dir(resources.temp_dir);
}

}  // namespace

run_plan plan_run(const resource_options& resources, bool dedupe, std::size_t chunk_size) {
  // A decoder forced by FENBATCH_FORCE_IMPL that this build or CPU lacks: core falls back
  // quietly, but a run must not test or measure another decoder than the one asked for.
  if (const core::decoder_selection& decoder = core::selected_decoder(); !decoder.ok()) {
    throw std::runtime_error(decoder.message());
  }
  check_temp_dir_if_used(resources);
  run_plan plan;
  // At most the CPUs this process may run on (its affinity mask, as oneTBB reads it): more
  // threads than that only add chunks in flight (two per thread) and contention.
  const auto available = static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
  plan.threads = resources.threads != 0 ? std::min(resources.threads, available) : available;

  // One shard per worker would leave threads idle at the join when shards differ in size.
  const std::size_t automatic_shards =
      plan.threads == 1
          ? 1
          : std::min(sharded_dedupe_set::max_shards, std::bit_ceil(std::size_t{4} * plan.threads));
  plan.shard_count = resources.shards != 0 ? resources.shards : automatic_shards;
  sharded_dedupe_set::check_shard_count(plan.shard_count);
  if (dedupe && resources.shards != 0 && resources.stages > plan.shard_count) {
    throw std::invalid_argument("dedupe stages (" + std::to_string(resources.stages) +
                                ") must not outnumber the shards (" +
                                std::to_string(plan.shard_count) + ")");
  }
  // Each dedupe stage is one more serial stage that runs beside the others: one per thread
  // keeps every thread able to add keys (at one thread, one stage of one shard).
  plan.dedupe_stage_count =
      !dedupe ? 0
              : std::min(plan.shard_count,
                         resources.stages != 0 ? resources.stages : std::size_t{plan.threads});

  // Offsets inside a chunk are 32-bit; chunks far beyond a few MiB buy nothing anyway.
  plan.chunk_size = std::clamp<std::size_t>(chunk_size, 1, 256 << 20);
  // Two chunks in flight per thread keep every thread busy while one waits on the in-order
  // stages; four cost 6% more CPU time at -j2 (each chunk first touches about 3.6 MiB of
  // buffers: page faults, and a working set twice the size).
  plan.tokens = 2 * static_cast<std::size_t>(plan.threads);
  return plan;
}

namespace {

// What a chunk in flight holds per byte of its size, at most for lines of 40 bytes and more:
// its input (streamed), canonical and kept text, and per line about 100 bytes of records
// (valid line 32, shard key 16, origin and source 32, places and counts 12, ...).
constexpr std::uint64_t chunk_bytes_per_byte = 6;
// Buffers outside the chunks: output and side files (1 MiB each), the --counts spill, the
// statistics' tables, the copy of streamed input past a switch.
constexpr std::uint64_t buffer_allowance = std::uint64_t{8} << 20;
// Dedupe gets at least this much, or the budget is refused.
constexpr std::uint64_t min_dedupe_bytes = std::uint64_t{4} << 20;
constexpr std::size_t min_chunk_size = 64 << 10;

// --uniqueness (fit_to_memory): the identity sets' share, from the budget alone; dedupe keeps
// at least half of its part.
void share_with_uniqueness(run_plan& plan, std::uint64_t budget, std::uint64_t reference_bytes,
                           bool dedupe) {
  const std::uint64_t others = budget / 4 + buffer_allowance + reference_bytes;
  const std::uint64_t fixed_part = budget > others ? budget - others : 0;
  plan.uniqueness_bytes = dedupe ? fixed_part / 4 : fixed_part;
  if (dedupe) {
    plan.partition_bytes -= std::min(plan.uniqueness_bytes, plan.partition_bytes / 2);
  }
}

std::string mebibytes(std::uint64_t bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

}  // namespace

void fit_to_memory(run_plan& plan, std::uint64_t budget, std::uint64_t reference_bytes,
                   bool uniqueness, bool dedupe) {
  plan.memory_budget = budget;
  const std::uint64_t chunk_share = budget / 4;
  // --uniqueness: up to 6 keys of 16 bytes a line more, about 2 bytes per byte of input.
  const std::uint64_t per_byte = chunk_bytes_per_byte + (uniqueness ? 2 : 0);
  const auto chunks_bytes = [&plan, per_byte] {
    return std::uint64_t{plan.tokens} * plan.chunk_size * per_byte;
  };
  if (chunks_bytes() > chunk_share) {
    const std::uint64_t fitting = chunk_share / (plan.tokens * per_byte);
    plan.chunk_size = static_cast<std::size_t>(
        std::max<std::uint64_t>(fitting, std::min<std::size_t>(plan.chunk_size, min_chunk_size)));
  }
  if (chunks_bytes() > chunk_share) {
    plan.tokens = static_cast<std::size_t>(
        std::max<std::uint64_t>(plan.threads + 1, chunk_share / (plan.chunk_size * per_byte)));
  }
  const std::uint64_t taken = chunks_bytes() + buffer_allowance + reference_bytes;
  if (taken + min_dedupe_bytes > budget) {
    throw config_error("a memory limit of " + mebibytes(budget) + " is too small: chunks in " +
                       "flight, buffers" + (reference_bytes != 0 ? " and the --exclude set" : "") +
                       " take " + mebibytes(taken) + ", and dedupe needs " +
                       mebibytes(min_dedupe_bytes) + " more");
  }
  plan.partition_bytes = budget - taken;
  if (uniqueness) share_with_uniqueness(plan, budget, reference_bytes, dedupe);
  // While the set is written out to the partitions, their write buffers (at most a quarter
  // of the partitions' memory: partitioned_dedupe.cpp) are made: the set leaves them that.
  plan.set_bytes = plan.partition_bytes / 4 * 3;
}

void override_dedupe_memory(run_plan& plan, std::uint64_t bytes) {
  if (bytes == 0) return;
  plan.partition_bytes = bytes;
  plan.set_bytes = bytes / 4 * 3;
}

}  // namespace fenbatch::pipeline::detail
