// The budget switch: stage 0's watch over the in-memory set's memory budget. Before a chunk's
// keys are added, it bounds the bytes the set would take with them (every key of the chunks
// admitted so far counted as new, less the duplicates the stages have found, growths in flight
// included); the first chunk past the budget is deferred, and every later one. At that switch,
// before a temporary byte is written, it checks the temporary directory's free space for the
// partitions' files, and it says what the partitions may use.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "chunks/chunk.hpp"
#include "dedupe/dedupe_plan.hpp"
#include "dedupe/dedupe_set.hpp"
#include "dedupe/partitioned_dedupe.hpp"
#include "input/input_reader.hpp"

namespace fenbatch::pipeline::detail {

class budget_switch {
 public:
  // Both are read for as long as this lives.
  budget_switch(const input_reader& inputs, const dedupe_plan& plan);

  // The keys to size the set for, from its first chunk: total input bytes times that chunk's
  // lines per byte (every line unique at worst; a larger table costs page faults on first
  // touch, so a good estimate matters), cut to what the budget holds.
  [[nodiscard]] std::size_t expected_keys(const chunk& first) const;
  // Whether a set just made fits the budget; if it does, its growth is watched from now on (if
  // not even the smallest fits, every chunk is deferred).
  [[nodiscard]] bool takes(const sharded_dedupe_set& set);
  // Stage 0, each chunk in input order, before any stage adds its keys: whether it is deferred.
  [[nodiscard]] bool defers(const chunk& c);
  // By the stage that added a shard's keys of a chunk: how many were not new.
  void found_duplicates(std::size_t shard, std::uint64_t duplicates) noexcept {
    duplicates_found_[shard].fetch_add(duplicates, std::memory_order_relaxed);
  }
  // Stage 0: a chunk was deferred (from then on, all are).
  [[nodiscard]] bool switched() const noexcept { return switched_; }
  // At the switch: what the partitions may use, and the lines still to come.
  [[nodiscard]] partitioned_dedupe_options partition_options() const;

 private:
  [[nodiscard]] bool fits_with(const chunk& c) const;
  void check_temp_space() const;

  const input_reader& inputs_;
  const dedupe_plan& plan_;
  bool watching_ = false;  // a set fits the budget
  bool switched_ = false;  // a chunk was deferred
  // The bound on each shard's keys: every key of the admitted chunks; less the duplicates its
  // stage found (atomic: written by that stage, read by stage 0).
  std::vector<std::uint64_t> admitted_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> duplicates_found_;
  std::vector<std::size_t> initial_capacity_;
  // For the partitions' sizing: text bytes and lines of the chunks seen, and at the switch the
  // lines still to come when the input's size says (0: unknown).
  std::uint64_t bytes_seen_ = 0;
  std::uint64_t lines_seen_ = 0;
  std::uint64_t lines_to_come_ = 0;
};

}  // namespace fenbatch::pipeline::detail
