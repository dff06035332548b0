// Pass 2 of a dedupe past memory, for one partition: its keys deduplicated in a set of the
// worker's share (decided keys first, then the added records in order), one decision written
// per added record, then the final counts. A partition whose distinct keys outgrow the set is
// split by the next level's key bits into child partitions, each resolved the same way
// (recursively), and their decisions and final counts merged back into the parent's order, so
// that the caller sees one resolved file per partition whatever happened below.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "dedupe/partition_plan.hpp"
#include "dedupe/partition_records.hpp"
#include "spill/spill_file.hpp"

namespace fenbatch::pipeline::detail {

// A partition file: `decided` decided records, then `added` added records.
struct partition_input {
  std::unique_ptr<spill_file> file;
  std::uint64_t decided = 0;
  std::uint64_t added = 0;
};

// A resolved file (layout in partition_records.hpp).
struct partition_output {
  std::unique_ptr<spill_file> file;
  std::uint64_t decisions = 0;
  std::uint64_t decided_finals = 0;
  std::uint64_t added_finals = 0;
};

struct resolver_context {
  std::string directory;
  partition_record_layout layout;
  worker_budget budget;
  // Every decided key's first origin is below it, every added one's at or above it.
  std::uint64_t first_added_origin = UINT64_MAX;
  std::atomic<std::uint64_t>* unique = nullptr;
  std::atomic<std::uint64_t>* leaves = nullptr;
  std::atomic<std::uint64_t>* temp_bytes = nullptr;
};

// Resolves `input` (split level `level`; 0: a top-level partition, whose decided final counts
// carry no origin) and releases its file.
[[nodiscard]] partition_output resolve_partition(const resolver_context& context,
                                                 partition_input input, unsigned level);

}  // namespace fenbatch::pipeline::detail
