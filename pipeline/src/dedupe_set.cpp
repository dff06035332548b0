#include "dedupe_set.hpp"

#include <sys/mman.h>

#include <utility>

#include <algorithm>
#include <cerrno>
#include <new>
#include <random>

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::size_t min_capacity = 1 << 16;

bool is_empty(const core::position_key& k) noexcept {
  return (k.low | k.high) == 0;
}

}  // namespace

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

dedupe_set::dedupe_set(std::size_t expected_keys) {
  std::random_device entropy;
  seed_ = (std::uint64_t{entropy()} << 32) | entropy();
  allocate(std::max(min_capacity, expected_keys / 3 * 4 + 1));
  // MADV_POPULATE_WRITE (Linux 5.14) maps the pages as a write fault would, without storing
  // to them, so it can run while add() fills the table. Where unsupported it fails at once.
  populate_ = std::thread([this, keys = key_region_.data(), counts = count_region_.data(),
                           key_bytes = capacity_ * sizeof(core::position_key),
                           count_bytes = capacity_ * sizeof(std::uint8_t)] {
    constexpr std::size_t slice = std::size_t{16} << 20;
    for (const auto& [base, bytes] : {std::pair{static_cast<char*>(keys), key_bytes},
                                      std::pair{static_cast<char*>(counts), count_bytes}}) {
      for (std::size_t at = 0; at < bytes; at += slice) {
        if (stop_populating_.load(std::memory_order_relaxed)) return;
        if (::madvise(base + at, std::min(slice, bytes - at), MADV_POPULATE_WRITE) != 0) return;
      }
    }
  });
}

dedupe_set::~dedupe_set() {
  stop_populating();
}

void dedupe_set::stop_populating() noexcept {
  stop_populating_.store(true, std::memory_order_relaxed);
  if (populate_.joinable()) populate_.join();
}

void dedupe_set::allocate(std::size_t capacity) {
  key_region_ = zeroed_region(capacity * sizeof(core::position_key));
  count_region_ = zeroed_region(capacity * sizeof(std::uint8_t));
  keys_ = static_cast<core::position_key*>(key_region_.data());
  counts_ = static_cast<std::uint8_t*>(count_region_.data());
  capacity_ = capacity;
  grow_at_ = capacity / 4 * 3;
}

std::uint32_t dedupe_set::add(const core::position_key& key) {
  if (is_empty(key)) {
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
      if (large != UINT32_MAX) ++large;  // saturates; only the top-20 report reads counts
      return large;
    }
    if (is_empty(slot)) {
      slot = key;
      counts_[i] = 1;
      if (++size_ > grow_at_) grow();
      return 1;
    }
  }
}

void dedupe_set::grow() {
  stop_populating();  // it works on the regions about to be released
  const zeroed_region old_key_region = std::move(key_region_);
  const zeroed_region old_count_region = std::move(count_region_);
  const core::position_key* old_keys = keys_;
  const std::uint8_t* old_counts = counts_;
  const std::size_t old_capacity = capacity_;
  allocate(old_capacity + old_capacity / 2);
  for (std::size_t j = 0; j < old_capacity; ++j) {
    if (is_empty(old_keys[j])) continue;
    std::size_t i = home(old_keys[j]);
    while (!is_empty(keys_[i])) i = i + 1 == capacity_ ? 0 : i + 1;
    keys_[i] = old_keys[j];
    counts_[i] = old_counts[j];
  }
}

}  // namespace fenbatch::pipeline::detail
