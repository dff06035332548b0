// One identity's distinct count for --uniqueness: an exact set (dedupe_set, its counts unused)
// within a memory share, and beside it always a HyperLogLog sketch of the same keys. The set
// grows as dedupe's does; when it would grow past its share it is dropped and the sketch's
// estimate counts from then on. The switch depends only on the number of distinct keys seen
// (never on chunk sizes or threads), and the sketch holds every key either way, so the result
// is the same at any -j and chunk size for a given share.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "dedupe/dedupe_set.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/pipeline/uniqueness_stats.hpp"
#include "uniqueness/hyperloglog.hpp"

namespace fenbatch::pipeline::detail {

class identity_counter {
 public:
  // `memory_bytes`: what the exact set may take, its growths included.
  explicit identity_counter(std::uint64_t memory_bytes);

  // Before the first key: makes the set large enough for `expected_keys` (within the share),
  // so that it does not grow (and copy itself) a dozen times on its way. Capacities stay those
  // the set would grow through from its smallest, so the switch comes at the same key.
  void reserve(std::uint64_t expected_keys);
  void add(std::span<const core::position_key> keys);

  [[nodiscard]] identity_distinct result() const;
  [[nodiscard]] const hyperloglog& sketch() const noexcept { return sketch_; }

 private:
  hyperloglog sketch_;
  std::unique_ptr<dedupe_set> set_;  // null once past its share (or when not even one fits)
  std::size_t largest_capacity_ = 0;
  bool growth_forbidden_ = false;
};

// The largest capacity a dedupe_set made with `initial` slots (17 bytes each) grows to within
// `memory_bytes`, counting the old arrays that live on while it grows; 0 when `initial` does
// not fit.
[[nodiscard]] std::size_t largest_set_capacity(std::size_t initial, std::uint64_t memory_bytes);

}  // namespace fenbatch::pipeline::detail
