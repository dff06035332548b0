#include "dedupe_set.hpp"

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

dedupe_set::dedupe_set(std::size_t expected_keys, std::size_t min_capacity) {
  std::random_device entropy;
  seed_ = (std::uint64_t{entropy()} << 32) | entropy();
  // (At least 16 slots: growing by half must add slots, and 3/4 of them must be one or more.)
  allocate(std::max({min_capacity, std::size_t{16}, expected_keys / 3 * 4 + 1}));
}

void dedupe_set::allocate(std::size_t capacity) {
  region_ = zeroed_region(capacity * sizeof(slot));
  slots_ = static_cast<slot*>(region_.data());
  capacity_ = capacity;
  grow_at_ = capacity / 4 * 3;
}

std::uint32_t dedupe_set::add(const core::position_key& key) {
  const std::uint64_t tag = tag_of(key);
  for (std::size_t i = home(key.low, tag);; i = i + 1 == capacity_ ? 0 : i + 1) {
    slot& s = slots_[i];
    const std::uint64_t count = s.tag_and_count & count_bits;
    if (count == 0) {
      s = {key.low, tag | 1};
      if (++size_ > grow_at_) grow();
      return 1;
    }
    if (s.low == key.low && (s.tag_and_count & ~count_bits) == tag) {
      if (count + 1 < counted_aside) {
        ++s.tag_and_count;
        return static_cast<std::uint32_t>(count + 1);
      }
      return add_counted_aside(s);
    }
  }
}

std::uint32_t dedupe_set::add_counted_aside(slot& s) {
  const core::position_key key{s.low, s.tag_and_count & ~count_bits};
  if ((s.tag_and_count & count_bits) != counted_aside) {
    s.tag_and_count |= counted_aside;
    counted_aside_.emplace(key, static_cast<std::uint32_t>(counted_aside));
    return static_cast<std::uint32_t>(counted_aside);
  }
  std::uint32_t& large = counted_aside_[key];
  if (large != UINT32_MAX) ++large;  // saturates; only the top-20 report reads counts
  return large;
}

void dedupe_set::grow() {
  const zeroed_region old_region = std::move(region_);
  const slot* old_slots = slots_;
  const std::size_t old_capacity = capacity_;
  allocate(old_capacity + old_capacity / 2);
  for (std::size_t j = 0; j < old_capacity; ++j) {
    const slot& s = old_slots[j];
    if ((s.tag_and_count & count_bits) == 0) continue;
    std::size_t i = home(s.low, s.tag_and_count & ~count_bits);
    while ((slots_[i].tag_and_count & count_bits) != 0) i = i + 1 == capacity_ ? 0 : i + 1;
    slots_[i] = s;
  }
}

sharded_dedupe_set::sharded_dedupe_set(std::size_t expected_keys, std::size_t shard_count) {
  check_shard_count(shard_count);
  // The single table's smallest size, split: a small input does not pay for many shards.
  constexpr std::size_t min_total_capacity = 1 << 16;
  for (std::size_t s = 0; s < shard_count; ++s) {
    shards_.push_back(std::make_unique<dedupe_set>(expected_keys / shard_count,
                                                   min_total_capacity / shard_count));
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
