#include "uniqueness/identity_counter.hpp"

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::size_t initial_capacity = 4096;
constexpr std::uint64_t slot_bytes = sizeof(core::position_key) + sizeof(std::uint8_t);

}  // namespace

std::size_t largest_set_capacity(std::size_t initial, std::uint64_t memory_bytes) {
  if (initial * slot_bytes > memory_bytes) return 0;
  std::size_t capacity = initial;
  // dedupe_set grows by half; while it copies, both arrays are alive.
  while ((capacity + capacity + capacity / 2) * slot_bytes <= memory_bytes) {
    capacity += capacity / 2;
  }
  return capacity;
}

identity_counter::identity_counter(std::uint64_t memory_bytes)
    : largest_capacity_(largest_set_capacity(initial_capacity, memory_bytes)) {
  if (largest_capacity_ != 0) set_ = std::make_unique<dedupe_set>(0, initial_capacity);
}

void identity_counter::reserve(std::uint64_t expected_keys) {
  if (!set_ || set_->size() != 0) return;
  std::size_t capacity = initial_capacity;
  while (capacity < largest_capacity_ && capacity / 4 * 3 < expected_keys) {
    capacity += capacity / 2;
  }
  if (capacity != set_->capacity()) set_ = std::make_unique<dedupe_set>(0, capacity);
}

void identity_counter::add(std::span<const core::position_key> keys) {
  for (const core::position_key& key : keys) sketch_.add(key);
  if (!set_) return;
  // Each add is a cache miss: the home slots of the keys a little ahead are fetched meanwhile.
  constexpr std::size_t ahead = 16;
  try {
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (!growth_forbidden_ && set_->capacity() >= largest_capacity_) {
        set_->forbid_growth();
        growth_forbidden_ = true;
      }
      if (i + ahead < keys.size()) set_->prefetch(keys[i + ahead]);
      set_->add(keys[i]);
    }
  } catch (const dedupe_set::capacity_exceeded&) {
    set_.reset();  // past its share: the sketch, which has every key, counts from now on
  }
}

identity_distinct identity_counter::result() const {
  if (set_) return {set_->size(), true};
  return {sketch_.estimate(), false};
}

}  // namespace fenbatch::pipeline::detail
