// --keep max:FIELD / min:FIELD (issue 29): the best lines of each key by standing
// (ranked_standing.hpp), ties to the first, for decisions that carry a line's rank in place of
// its occurrence (survivor_policy.hpp). Fed in the records' order while they are added (first
// reading of counted_decisions.hpp), asked while they are decided (second reading). Each key
// keeps at most `places` (--max-per-position) lines: (standing, occurrence, origin), best first.
// One slot per key (slot_bytes, counted in a partition's set share: partition_plan.cpp) in an
// open-addressing table beside the set; with places > 1 a key seen more than once also has a
// list of its places on the heap (outside the share).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

class key_rankings {
 public:
  // `slots`: the table's first size, as its set's capacity (it grows by doubling at 3/4 load).
  key_rankings(std::uint32_t places, std::size_t slots);

  // The key's `occurrence`-th line (occurrences increase per key): it takes a place when it
  // beats the worst kept one (strictly: an equal standing came later, so it loses).
  void offer(const core::position_key& key, std::uint32_t occurrence, std::uint64_t standing,
             std::uint64_t origin);

  struct ranking {
    std::uint32_t rank = 0;         // 1 for the best line, up to places; places + 1: no place
    std::uint64_t best_origin = 0;  // where --duplicates points a dropped line
  };
  // For a line offered before (its key and occurrence).
  [[nodiscard]] ranking rank(const core::position_key& key, std::uint32_t occurrence) const;

  struct line {
    std::uint64_t standing = 0;
    std::uint64_t origin = 0;
    std::uint32_t occurrence = 0;
  };
  static constexpr std::size_t slot_bytes = 40;  // sizeof(slot)

 private:
  // A key and its best line (its fields flat, so that the slot takes 40 bytes).
  struct slot {
    core::position_key key;
    std::uint64_t standing = 0;
    std::uint64_t origin = 0;
    std::uint32_t occurrence = 0;
    // 0: an empty slot; 1: a key with its best line here; n >= 2: its places in lists_[n-2]
    std::uint32_t state = 0;
    [[nodiscard]] line best() const noexcept { return {standing, origin, occurrence}; }
  };
  [[nodiscard]] std::size_t find(const core::position_key& key) const noexcept;
  void grow();

  std::uint32_t places_;
  std::vector<slot> slots_;
  std::size_t size_ = 0;
  std::uint64_t seed_;
  std::vector<std::vector<line>> lists_;  // places > 1: each key's places, best first
};

}  // namespace fenbatch::pipeline::detail
