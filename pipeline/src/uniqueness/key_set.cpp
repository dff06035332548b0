#include "uniqueness/key_set.hpp"

#include <algorithm>
#include <random>
#include <utility>

namespace fenbatch::pipeline::detail {
namespace {

bool is_zero(const core::position_key& key) noexcept {
  return (key.low | key.high) == 0;
}

}  // namespace

key_set::key_set(std::size_t capacity, std::size_t largest_capacity)
    : largest_capacity_(std::max(capacity, largest_capacity)) {
  std::random_device entropy;
  seed_ = (std::uint64_t{entropy()} << 32) | entropy();
  allocate(std::max<std::size_t>(capacity, 16));
}

void key_set::allocate(std::size_t capacity) {
  region_ = zeroed_region(capacity * slot_bytes);
  keys_ = static_cast<core::position_key*>(region_.data());
  capacity_ = capacity;
}

key_set::insertion key_set::insert(const core::position_key& key) {
  if (is_zero(key)) {
    if (has_zero_key_) return insertion::present;
    has_zero_key_ = true;
    ++size_;
    return insertion::added;
  }
  std::size_t i = home(key);
  for (; !is_zero(keys_[i]); i = i + 1 == capacity_ ? 0 : i + 1) {
    if (keys_[i] == key) return insertion::present;
  }
  if (size_ + 1 > capacity_ / 4 * 3) {
    if (capacity_ + capacity_ / 2 > largest_capacity_) return insertion::full;
    grow();
    i = home(key);
    while (!is_zero(keys_[i])) i = i + 1 == capacity_ ? 0 : i + 1;
  }
  keys_[i] = key;
  ++size_;
  return insertion::added;
}

void key_set::grow() {
  const zeroed_region old_region = std::move(region_);
  const core::position_key* old_keys = keys_;
  const std::size_t old_capacity = capacity_;
  allocate(old_capacity + old_capacity / 2);
  for (std::size_t j = 0; j < old_capacity; ++j) {
    if (is_zero(old_keys[j])) continue;
    std::size_t i = home(old_keys[j]);
    while (!is_zero(keys_[i])) i = i + 1 == capacity_ ? 0 : i + 1;
    keys_[i] = old_keys[j];
  }
}

std::size_t key_set::largest_capacity(std::size_t initial, std::uint64_t memory_bytes) noexcept {
  if (initial * slot_bytes > memory_bytes) return 0;
  std::size_t capacity = initial;
  while ((capacity + capacity + capacity / 2) * slot_bytes <= memory_bytes) {
    capacity += capacity / 2;
  }
  return capacity;
}

std::size_t key_set::capacity_for(std::size_t initial, std::uint64_t keys,
                                  std::size_t largest) noexcept {
  std::size_t capacity = initial;
  while (capacity < largest && capacity / 4 * 3 < keys) capacity += capacity / 2;
  return capacity;
}

}  // namespace fenbatch::pipeline::detail
