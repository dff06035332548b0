// What the dedupe stages are given to work with (run.cpp fills it from the run's options and
// memory budget).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "dedupe/key_partitions.hpp"

namespace fenbatch::pipeline::detail {

struct dedupe_plan {
  std::size_t shard_count = 1;
  std::size_t stage_count = 1;
  bool with_origins = false;  // --counts, --duplicates: each key's first occurrence is kept
  bool final_counts = false;  // --counts: final_count() is asked, in first-occurrence order
  // --keep last, --min-count: decisions carry final counts (partitioned_dedupe_options).
  bool finals_in_decisions = false;
  bool last_origins = false;
  std::uint32_t ranked_places = 0;  // --keep max/min: --max-per-position (0: not ranked)
  // Bytes the set may take; once it would take more, the run switches to partitions.
  std::uint64_t memory_bytes = 0;
  // Bytes the partitions may take (the set's, less what pass 1's partition buffers need
  // while the set is written out, and more once it is gone: see run.cpp).
  std::uint64_t partition_memory_bytes = 0;
  std::string temp_dir;
  unsigned threads = 1;
  // Set: every chunk is deferred (no set in memory), and the partitions are made here instead
  // of on this machine's disk (a distributed run's ranks that own the keys).
  key_partitions_factory partitions_elsewhere;
};

}  // namespace fenbatch::pipeline::detail
