// --uniqueness: the counters of the identities a run counts, fed by one serial in-order stage
// per identity in pass 1 (run/pipeline_stages.hpp), each with an equal share of the memory the
// run plan gives them (run_plan::uniqueness_bytes). With dedupe the identity --key names is not
// counted here: it is `unique`, exact even when dedupe went to partitions (finish_uniqueness).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "chunks/chunk.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/pipeline/uniqueness_stats.hpp"
#include "uniqueness/identity_counter.hpp"
#include "uniqueness/identity_keys.hpp"

namespace fenbatch::pipeline::detail {

class uniqueness_counter {
 public:
  // `input_bytes`: the inputs' total size (0: unknown), for sizing the sets from the first chunk.
  uniqueness_counter(identity_mask counted, std::uint64_t memory_bytes, std::uint64_t input_bytes);

  [[nodiscard]] identity_mask counted() const noexcept { return counted_; }
  // The chunk's keys of one identity: serial per identity, in input order.
  void add(identity which, const chunk& c);
  // What TSan is told a counting stage hands on (tsan_annotations.hpp): one per identity.
  [[nodiscard]] const void* token(identity which) const noexcept {
    return &counters_[static_cast<std::size_t>(which)];
  }
  // Each counted identity's count and every identity's sketch (empty for one not counted).
  [[nodiscard]] uniqueness_stats result() const;

 private:
  identity_mask counted_;
  std::uint64_t input_bytes_;
  std::array<bool, identity_count> sized_{};
  std::array<std::unique_ptr<identity_counter>, identity_count> counters_;
};

// With dedupe, --key's identity is `unique`: set it (exact) in `stats`.
void finish_uniqueness(uniqueness_stats& stats, bool dedupe, core::key_kind key,
                       std::uint64_t unique) noexcept;

// A distributed run's (rank 0): the ranks' parts merged register by register and estimated
// (exact: false), and --key's identity with dedupe set from the run's `unique` afterwards.
[[nodiscard]] uniqueness_stats merge_rank_uniqueness(std::span<const uniqueness_stats> parts);

}  // namespace fenbatch::pipeline::detail
