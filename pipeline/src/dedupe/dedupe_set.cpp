#include "dedupe/dedupe_set.hpp"

#include <sys/mman.h>

#include <utility>

#include <algorithm>
#include <bit>
#include <new>
#include <random>
#include <stdexcept>

namespace fenbatch::pipeline::detail {
zeroed_region::zeroed_region(std::size_t bytes) : bytes_(bytes) {
  data_ = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (data_ == MAP_FAILED) {
    data_ = nullptr;
    throw std::bad_alloc();
  }
  ::madvise(data_, bytes_, MADV_HUGEPAGE);  // advice only: fine where unsupported
}

zeroed_region::~zeroed_region() {
  if (data_ != nullptr) ::munmap(data_, bytes_);
}

dedupe_set::dedupe_set(std::size_t expected_keys, std::size_t min_capacity, bool with_origins)
    : with_origins_(with_origins) {
  std::random_device entropy;
  seed_ = (std::uint64_t{entropy()} << 32) | entropy();
  // (At least 16 slots: growing by half must add slots, and 3/4 of them must be one or more.)
  allocate(std::max({min_capacity, std::size_t{16}, expected_keys / 3 * 4 + 1}));
}

void dedupe_set::allocate(std::size_t capacity) {
  key_region_ = zeroed_region(capacity * sizeof(core::position_key));
  count_region_ = zeroed_region(capacity * sizeof(std::uint8_t));
  keys_ = static_cast<core::position_key*>(key_region_.data());
  counts_ = static_cast<std::uint8_t*>(count_region_.data());
  if (with_origins_) {
    origin_region_ = zeroed_region(capacity * sizeof(std::uint64_t));
    origins_ = static_cast<std::uint64_t*>(origin_region_.data());
  }
  capacity_ = capacity;
  grow_at_ = capacity / 4 * 3;
}

std::uint32_t dedupe_set::add_rare(const core::position_key& key) {
  if (is_empty_key(key)) {
    if (zero_key_count_ == 0) ++size_;
    if (zero_key_count_ != UINT32_MAX) ++zero_key_count_;
    return zero_key_count_;
  }
  for (std::size_t i = home(key);; i = i + 1 == capacity_ ? 0 : i + 1) {
    core::position_key& slot = keys_[i];
    if (slot == key) {
      std::uint8_t& count = counts_[i];
      if (count + 1 < counted_aside) return ++count;
      if (count + 1 == counted_aside) {
        count = counted_aside;
        counted_aside_.emplace(key, counted_aside);
        return counted_aside;
      }
      std::uint32_t& large = counted_aside_[key];
      if (large != UINT32_MAX) ++large;  // saturates (at 4 billion occurrences)
      return large;
    }
    if (is_empty_key(slot)) {
      slot = key;
      counts_[i] = 1;
      if (++size_ > grow_at_) grow();
      return 1;
    }
  }
}

// A separate loop rather than a flag in add(): plain dedupe keeps its probe loop as it was.
// (count_again() is add()'s counting of a key seen before.)
template <bool last>
std::uint32_t dedupe_set::add_keeping_origin(const core::position_key& key, std::uint64_t& origin) {
  if (is_empty_key(key)) {
    if (zero_key_count_ == 0) ++size_;
    if (zero_key_count_ == 0 || last) zero_key_origin_ = origin;
    origin = zero_key_origin_;
    if (zero_key_count_ != UINT32_MAX) ++zero_key_count_;
    return zero_key_count_;
  }
  for (std::size_t i = home(key);; i = i + 1 == capacity_ ? 0 : i + 1) {
    core::position_key& slot = keys_[i];
    if (slot == key) {
      if (last) origins_[i] = origin;
      origin = origins_[i];
      return count_again(i);
    }
    if (is_empty_key(slot)) {
      slot = key;
      counts_[i] = 1;
      origins_[i] = origin;
      if (++size_ > grow_at_) grow();
      return 1;
    }
  }
}
template std::uint32_t dedupe_set::add_keeping_origin<false>(const core::position_key&,
                                                             std::uint64_t&);
template std::uint32_t dedupe_set::add_keeping_origin<true>(const core::position_key&,
                                                            std::uint64_t&);

std::uint32_t dedupe_set::count_again(std::size_t slot) {
  std::uint8_t& count = counts_[slot];
  if (count + 1 < counted_aside) return ++count;
  if (count + 1 == counted_aside) {
    count = counted_aside;
    counted_aside_.emplace(keys_[slot], counted_aside);
    return counted_aside;
  }
  std::uint32_t& large = counted_aside_[keys_[slot]];
  if (large != UINT32_MAX) ++large;  // saturates (at 4 billion occurrences)
  return large;
}

std::size_t dedupe_set::find(const core::position_key& key) const noexcept {
  std::size_t i = home(key);
  while (!(keys_[i] == key) && !is_empty_key(keys_[i])) i = i + 1 == capacity_ ? 0 : i + 1;
  return i;
}

std::uint32_t dedupe_set::count(const core::position_key& key) const noexcept {
  if (is_empty_key(key)) return zero_key_count_;
  const std::size_t i = find(key);
  if (is_empty_key(keys_[i])) return 0;
  if (counts_[i] != counted_aside) return counts_[i];
  return counted_aside_.find(key)->second;
}

void dedupe_set::insert_decided(const core::position_key& key, std::uint32_t count,
                                std::uint64_t origin) {
  ++size_;
  if (is_empty_key(key)) {
    zero_key_count_ = count;
    zero_key_origin_ = origin;
    return;
  }
  const std::size_t i = find(key);
  keys_[i] = key;
  if (count < counted_aside) {
    counts_[i] = static_cast<std::uint8_t>(count);
  } else {
    counts_[i] = counted_aside;
    counted_aside_[key] = count;
  }
  if (with_origins_) origins_[i] = origin;
  if (size_ > grow_at_) grow();
}

std::uint64_t dedupe_set::first_origin(const core::position_key& key) const noexcept {
  if (is_empty_key(key)) return zero_key_origin_;
  const std::size_t i = find(key);
  return is_empty_key(keys_[i]) || !with_origins_ ? 0 : origins_[i];
}

void dedupe_set::grow() {
  if (growth_forbidden_) throw capacity_exceeded{};
  const zeroed_region old_key_region = std::move(key_region_);
  const zeroed_region old_count_region = std::move(count_region_);
  const zeroed_region old_origin_region = std::move(origin_region_);
  const core::position_key* old_keys = keys_;
  const std::uint8_t* old_counts = counts_;
  const std::uint64_t* old_origins = origins_;
  const std::size_t old_capacity = capacity_;
  allocate(old_capacity + old_capacity / 2);
  for (std::size_t j = 0; j < old_capacity; ++j) {
    if (is_empty_key(old_keys[j])) continue;
    std::size_t i = home(old_keys[j]);
    while (!is_empty_key(keys_[i])) i = i + 1 == capacity_ ? 0 : i + 1;
    keys_[i] = old_keys[j];
    counts_[i] = old_counts[j];
    if (with_origins_) origins_[i] = old_origins[j];
  }
}

sharded_dedupe_set::sharded_dedupe_set(std::size_t expected_keys, std::size_t shard_count,
                                       bool with_origins) {
  check_shard_count(shard_count);
  // The single table's smallest size, split: a small input does not pay for many shards.
  constexpr std::size_t min_total_capacity = 1 << 16;
  for (std::size_t s = 0; s < shard_count; ++s) {
    shards_.push_back(std::make_unique<dedupe_set>(expected_keys / shard_count,
                                                   min_total_capacity / shard_count, with_origins));
  }
}

void sharded_dedupe_set::check_shard_count(std::size_t shard_count) {
  if (shard_count > max_shards || !std::has_single_bit(shard_count)) {
    throw std::invalid_argument("dedupe shards must be a power of two up to 64");
  }
}

std::size_t sharded_dedupe_set::size() const noexcept {
  std::size_t total = 0;
  for (const auto& s : shards_) total += s->size();
  return total;
}

std::size_t sharded_dedupe_set::memory_bytes() const noexcept {
  std::size_t total = 0;
  for (const auto& s : shards_) total += s->memory_bytes();
  return total;
}

}  // namespace fenbatch::pipeline::detail
