#include "dedupe/partition_plan.hpp"

#include <sys/resource.h>

#include <algorithm>

#include "dedupe/key_rankings.hpp"

namespace fenbatch::pipeline::detail {
namespace {

std::size_t clamp_buffer(std::uint64_t bytes) noexcept {
  return static_cast<std::size_t>(
      std::clamp<std::uint64_t>(bytes, smallest_buffer, largest_buffer));
}

// Each top-level partition holds one descriptor in pass 1 and one in pass 3 (two for a moment
// in pass 2); splits hold a few more. Raises the soft limit towards the hard one when the
// partitions need it (as Go's runtime does at start), and keeps the count under it.
std::size_t partitions_the_descriptors_allow(std::size_t wanted) noexcept {
  constexpr rlim_t reserve = 512;  // the run's own files, split children, oneTBB
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted;
  const rlim_t needed = static_cast<rlim_t>(wanted) * 2 + reserve;
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < needed) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max == RLIM_INFINITY ? needed : std::min(needed, limit.rlim_max);
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= needed) return wanted;
  if (limit.rlim_cur <= reserve) return 1;
  return std::max<std::size_t>(1, static_cast<std::size_t>((limit.rlim_cur - reserve) / 2));
}

}  // namespace

std::size_t set_slot_bytes(const partition_record_layout& layout) noexcept {
  const std::size_t slot =
      sizeof(core::position_key) + 1 + (layout.origins_in_records ? sizeof(std::uint64_t) : 0);
  // Sorted final counts: 12 bytes for each decided key, at most 3/4 of the slots. Ranked: the
  // key_rankings table beside the set, a slot a key.
  return slot + (layout.final_counts ? 9 : 0) +
         (layout.standings_in_records() ? key_rankings::slot_bytes : 0);
}

std::size_t worker_budget::child_write_buffer(std::size_t fanout) const noexcept {
  return clamp_buffer(share / 4 / fanout);
}

std::size_t worker_budget::child_read_buffer(std::size_t fanout) const noexcept {
  return clamp_buffer(share / 2 / (2 * fanout));
}

partition_plan plan_partitions(std::uint64_t memory_bytes, unsigned threads,
                               std::uint64_t expected_lines,
                               const partition_record_layout& layout) {
  partition_plan plan;
  const std::uint64_t memory = std::max(memory_bytes, smallest_worker_share);
  plan.workers = static_cast<unsigned>(
      std::clamp<std::uint64_t>(memory / smallest_worker_share, 1, std::max(threads, 1U)));

  worker_budget& w = plan.worker;
  w.share = memory / plan.workers;
  w.io_buffer = clamp_buffer(w.share / 16);
  w.set_slots =
      std::max<std::size_t>(16, static_cast<std::size_t>(w.share / 2 / set_slot_bytes(layout)));
  w.max_fanout =
      static_cast<std::size_t>(std::clamp<std::uint64_t>(w.share / 4 / smallest_buffer, 2, 64));

  // Enough partitions that each one's keys fit a worker's set even if every line were new;
  // unknown: 256, and splits take care of more.
  std::uint64_t wanted = 256;
  if (expected_lines != 0) {
    const std::uint64_t fit = std::max<std::uint64_t>(1, w.fitting_keys() / 5 * 4);
    wanted = (expected_lines + fit - 1) / fit;
  }
  // The write buffers of pass 1 (and the read buffers of pass 3) take at most a quarter.
  const std::uint64_t most_by_buffers = std::max<std::uint64_t>(1, memory / 4 / smallest_buffer);
  plan.partitions = partitions_the_descriptors_allow(
      static_cast<std::size_t>(std::clamp<std::uint64_t>(wanted, 1, most_by_buffers)));
  plan.buffer_bytes = clamp_buffer(memory / 4 / plan.partitions);
  if (plan.buffer_bytes * plan.partitions > memory / 4) plan.buffer_bytes = smallest_buffer;
  return plan;
}

}  // namespace fenbatch::pipeline::detail
