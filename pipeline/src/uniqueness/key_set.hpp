// The exact set of one --uniqueness identity: 128-bit keys only (no count, no origin: 16 bytes
// a slot, one cache line touched per key, where dedupe_set touches two), open addressing with
// linear probing in one zeroed region, grown by half at 3/4 load up to a largest capacity;
// past that, insert() answers `full` and the caller counts with its sketch instead. The home
// slot mixes in a per-set random seed (as dedupe_set's does), so crafted inputs cannot pile up
// in one probe run; the count never depends on where a key sits. The all-zero key marks an
// empty slot; a real all-zero key is remembered aside.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dedupe/dedupe_set.hpp"
#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

class key_set {
 public:
  static constexpr std::size_t slot_bytes = sizeof(core::position_key);

  // `capacity` slots now (at least 16); growth stops at `largest_capacity`.
  key_set(std::size_t capacity, std::size_t largest_capacity);

  enum class insertion : std::uint8_t { added, present, full };
  // `full`: the key is new and the set may not grow to hold it (it is not added).
  insertion insert(const core::position_key& key);

  void prefetch(const core::position_key& key) const noexcept {
    __builtin_prefetch(&keys_[home(key)]);
  }

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }

  // The capacities the set grows through from `initial` while it fits `memory_bytes`, the old
  // slots alive while it grows: the largest (0 when `initial` does not fit).
  [[nodiscard]] static std::size_t largest_capacity(std::size_t initial,
                                                    std::uint64_t memory_bytes) noexcept;
  // The capacity on that way from `initial` that holds `keys` at 3/4 load, at most `largest`.
  [[nodiscard]] static std::size_t capacity_for(std::size_t initial, std::uint64_t keys,
                                                std::size_t largest) noexcept;

 private:
  [[nodiscard]] std::size_t home(const core::position_key& key) const noexcept {
    return first_probe_slot(key, seed_, capacity_);  // (dedupe/dedupe_set.hpp)
  }
  void allocate(std::size_t capacity);
  void grow();

  zeroed_region region_;
  core::position_key* keys_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t largest_capacity_ = 0;
  std::size_t size_ = 0;
  std::uint64_t seed_ = 0;
  bool has_zero_key_ = false;
};

}  // namespace fenbatch::pipeline::detail
