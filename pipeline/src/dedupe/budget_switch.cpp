#include "dedupe/budget_switch.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "fenbatch/pipeline/quoted_name.hpp"
#include "spill/temp_space.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// dedupe_set's growth rule: a set made with `capacity` slots holding `keys` keys has grown
// to the returned capacity; `before` is the capacity before its last growth (its old arrays
// live on while a growth copies them).
std::size_t capacity_holding(std::size_t capacity, std::uint64_t keys, std::size_t& before) {
  before = 0;
  while (keys > capacity / 4 * 3) {
    before = capacity;
    capacity += capacity / 2;
  }
  return capacity;
}

std::size_t slot_bytes(bool with_origins) {
  return sizeof(core::position_key) + sizeof(std::uint8_t) +
         (with_origins ? sizeof(std::uint64_t) : 0);
}

}  // namespace

budget_switch::budget_switch(const input_reader& inputs, const dedupe_plan& plan)
    : inputs_(inputs),
      plan_(plan),
      admitted_(plan.shard_count, 0),
      duplicates_found_(std::make_unique<std::atomic<std::uint64_t>[]>(plan.shard_count)),
      initial_capacity_(plan.shard_count, 0) {}

std::size_t budget_switch::expected_keys(const chunk& first) const {
  constexpr std::size_t unknown_size_keys = 1 << 20;  // pipes, stdin: grow from here
  std::size_t expected = unknown_size_keys;
  if (inputs_.total_bytes() != 0 && first.input.text_bytes != 0 && first.counts.lines != 0) {
    expected = static_cast<std::size_t>(static_cast<double>(inputs_.total_bytes()) *
                                        static_cast<double>(first.counts.lines) /
                                        static_cast<double>(first.input.text_bytes));
  }
  // (Each shard rounds its capacity up a little: leave it room.)
  const std::uint64_t slots_in_budget = plan_.memory_bytes / slot_bytes(plan_.with_origins);
  const std::uint64_t rounding = std::uint64_t{4} * plan_.shard_count;
  return static_cast<std::size_t>(std::min<std::uint64_t>(
      expected, slots_in_budget > rounding ? (slots_in_budget - rounding) / 4 * 3 : 0));
}

bool budget_switch::takes(const sharded_dedupe_set& set) {
  if (set.memory_bytes() > plan_.memory_bytes) return false;
  for (std::size_t s = 0; s < plan_.shard_count; ++s) {
    initial_capacity_[s] = set.shard(s).capacity();
  }
  watching_ = true;
  return true;
}

bool budget_switch::defers(const chunk& c) {
  const bool deferred = switched_ || !fits_with(c);
  const std::uint64_t bytes_before = bytes_seen_;
  bytes_seen_ += c.input.text_bytes;
  lines_seen_ += c.counts.lines;
  if (deferred && !switched_) {
    switched_ = true;  // from the first deferred chunk on, all are
    // Lines from this chunk on, at the lines per byte seen so far, this chunk's included.
    if (inputs_.total_bytes() > bytes_before && bytes_seen_ != 0) {
      lines_to_come_ = static_cast<std::uint64_t>(
          static_cast<double>(inputs_.total_bytes() - bytes_before) *
          static_cast<double>(lines_seen_) / static_cast<double>(bytes_seen_));
    }
    check_temp_space();
  }
  if (!deferred) {
    for (std::size_t s = 0; s < plan_.shard_count; ++s) {
      admitted_[s] += c.shard_begin[s + 1] - c.shard_begin[s];
    }
  }
  return deferred;
}

// An upper bound of the set's bytes once the chunk's keys are added, growths in flight
// included (each stage grows one shard at a time, old and new arrays side by side).
bool budget_switch::fits_with(const chunk& c) const {
  if (!watching_) return false;
  const std::size_t slot = slot_bytes(plan_.with_origins);
  std::uint64_t bytes = 0;
  std::size_t largest_old = 0;
  for (std::size_t s = 0; s < plan_.shard_count; ++s) {
    const std::uint64_t keys = admitted_[s] + c.shard_begin[s + 1] - c.shard_begin[s] -
                               duplicates_found_[s].load(std::memory_order_relaxed);
    std::size_t before = 0;
    bytes += capacity_holding(initial_capacity_[s], keys, before) * slot;
    largest_old = std::max(largest_old, before);
  }
  bytes += plan_.stage_count * largest_old * slot;
  return bytes <= plan_.memory_bytes;
}

// The partitions' files for the set's keys (at most those admitted) and for the lines still
// to come (when the input's size says), against the free space of the temporary directory.
// (A stream's copy for pass 3 is not counted: its size is not known.)
void budget_switch::check_temp_space() const {
  std::uint64_t decided = 0;
  for (std::size_t s = 0; s < plan_.shard_count; ++s) {
    decided += admitted_[s] - duplicates_found_[s].load(std::memory_order_relaxed);
  }
  const std::uint64_t per_line = partitioned_dedupe::temp_bytes_per_line(
      plan_.with_origins, plan_.final_counts, plan_.finals_in_decisions, plan_.ranked_places != 0);
  const std::uint64_t needed = (decided + lines_to_come_) * per_line;
  const std::uint64_t free = free_bytes(plan_.temp_dir);
  if (needed > free) {
    throw std::runtime_error(
        "not enough space for partitioned dedupe in " + quoted_name(plan_.temp_dir) + ": about " +
        std::to_string(needed >> 20) + " MiB needed, " + std::to_string(free >> 20) +
        " MiB free (choose another --temp-dir, or raise --memory-limit); nothing was written");
  }
}

partitioned_dedupe_options budget_switch::partition_options() const {
  partitioned_dedupe_options options;
  options.temp_dir = plan_.temp_dir;
  options.memory_bytes = plan_.partition_memory_bytes;
  options.threads = plan_.threads;
  options.with_origins = plan_.with_origins;
  options.final_counts = plan_.final_counts;
  options.finals_in_decisions = plan_.finals_in_decisions;
  options.last_origins = plan_.last_origins;
  options.ranked_places = plan_.ranked_places;
  options.expected_lines = lines_to_come_;
  return options;
}

}  // namespace fenbatch::pipeline::detail
