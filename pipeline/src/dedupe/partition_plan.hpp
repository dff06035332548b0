// How a dedupe past memory shares its budget (the split is written out at the top of
// partitioned_dedupe.cpp): how many top-level partitions, how large their buffers, and what
// each pass-2 worker may use for its set, its readers and writers, and a split.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dedupe/partition_records.hpp"

namespace fenbatch::pipeline::detail {

inline constexpr std::size_t smallest_buffer = std::size_t{4} << 10;
inline constexpr std::size_t largest_buffer = std::size_t{64} << 10;
// A worker's share below this is raised to it (fewer workers first): below it a set and its
// buffers do not fit.
inline constexpr std::uint64_t smallest_worker_share = std::uint64_t{64} << 10;

// One pass-2 worker's share, S: its set's slots take S/2 (each slot with its share of the
// sorted final counts), each reader or writer of a partition S/16, a split's child writers S/4
// together and, once the set is gone, the merge's child readers S/2 together.
struct worker_budget {
  std::uint64_t share = 0;
  std::size_t io_buffer = 0;
  std::size_t set_slots = 0;
  std::size_t max_fanout = 0;

  [[nodiscard]] std::size_t fitting_keys() const noexcept { return set_slots / 4 * 3; }
  [[nodiscard]] std::size_t child_write_buffer(std::size_t fanout) const noexcept;
  [[nodiscard]] std::size_t child_read_buffer(std::size_t fanout) const noexcept;
};

struct partition_plan {
  std::size_t partitions = 1;    // top level
  std::size_t buffer_bytes = 0;  // each partition's write buffer (pass 1), read buffer (pass 3)
  unsigned workers = 1;          // partitions deduplicated at once (pass 2)
  worker_budget worker;
};

// memory_bytes: the whole budget; expected_lines: 0 when unknown.
[[nodiscard]] partition_plan plan_partitions(std::uint64_t memory_bytes, unsigned threads,
                                             std::uint64_t expected_lines,
                                             const partition_record_layout& layout);

// Bytes a set's slot takes in pass 2, with its share of the decided keys' sorted final counts.
[[nodiscard]] std::size_t set_slot_bytes(const partition_record_layout& layout) noexcept;

}  // namespace fenbatch::pipeline::detail
