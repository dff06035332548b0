#include "uniqueness/identity_counter.hpp"

namespace fenbatch::pipeline::detail {

identity_counter::identity_counter(std::uint64_t memory_bytes)
    : largest_capacity_(key_set::largest_capacity(initial_capacity, memory_bytes)) {
  if (largest_capacity_ != 0) set_ = std::make_unique<key_set>(initial_capacity, largest_capacity_);
}

void identity_counter::reserve(std::uint64_t expected_keys) {
  if (!set_ || set_->size() != 0) return;
  const std::size_t capacity =
      key_set::capacity_for(initial_capacity, expected_keys, largest_capacity_);
  if (capacity != set_->capacity()) set_ = std::make_unique<key_set>(capacity, largest_capacity_);
}

void identity_counter::add(std::span<const core::position_key> keys) {
  for (const core::position_key& key : keys) sketch_.add(key);
  if (!set_) return;
  // Each insertion is a cache miss: the home slots of the keys a little ahead are fetched
  // meanwhile.
  constexpr std::size_t ahead = 16;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i + ahead < keys.size()) set_->prefetch(keys[i + ahead]);
    if (set_->insert(keys[i]) == key_set::insertion::full) {
      set_.reset();  // past its share: the sketch, which has every key, counts from now on
      return;
    }
  }
}

identity_distinct identity_counter::result() const {
  if (set_) return {set_->size(), true};
  return {sketch_.estimate(), false};
}

}  // namespace fenbatch::pipeline::detail
