// One identity's distinct count for --uniqueness: an exact set (key_set) within a memory share,
// and beside it always a HyperLogLog sketch of the same keys. When the set would grow past its
// share it is dropped and the sketch's estimate counts from then on. The switch depends only on
// the number of distinct keys seen (never on chunk sizes or threads), and the sketch holds
// every key either way, so the result is the same at any -j and chunk size for a given share.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "fenbatch/core/position_key.hpp"
#include "fenbatch/pipeline/uniqueness_stats.hpp"
#include "uniqueness/hyperloglog.hpp"
#include "uniqueness/key_set.hpp"

namespace fenbatch::pipeline::detail {

class identity_counter {
 public:
  // The smallest set; it grows by half from here (key_set::largest_capacity).
  static constexpr std::size_t initial_capacity = 4096;

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
  std::unique_ptr<key_set> set_;  // null once past its share (or when not even one fits)
  std::size_t largest_capacity_ = 0;
};

}  // namespace fenbatch::pipeline::detail
