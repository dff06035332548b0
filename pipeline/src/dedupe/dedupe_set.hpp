// The set of position keys seen so far, with a count per key. Open addressing with linear
// probing over two arrays (16-byte keys, 1-byte counts: 17 bytes a slot); a count that
// reaches 255 continues, exactly, in a small map aside (only positions repeated 255 times or
// more, at most one per 255 lines). The home slot is a
// seeded mix of the key scaled to the capacity (multiply-shift: any capacity works, so the
// table is sized to the need rather than to a power of two). Grown
// by half at 3/4 load. The all-zero key marks an empty slot; a real all-zero key is kept aside.
// The arrays are anonymous mappings advised to use huge pages: every probe lands on a random
// page, and with 4 KiB pages nearly every one missed the TLB.
// Optionally (--counts, --duplicates) a third array holds each key's first occurrence (an
// opaque 64-bit place chosen by the caller); without it a slot stays 17 bytes and add() is
// unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

__extension__ using uint128 = unsigned __int128;  // GCC/Clang builtin; __extension__ for -pedantic

// The first slot a key probes in a table of `capacity` slots. Both key words, mixed with a
// per-run random seed: inputs crafted to share the bits that pick a slot (XXH3 is not
// collision resistant and its default keys are public) cannot pile up in one probe run. The
// output never depends on where a key sits. Multiplying spreads every bit upwards; the slot
// comes from the top bits.
[[nodiscard]] inline std::size_t first_probe_slot(const core::position_key& key, std::uint64_t seed,
                                                  std::size_t capacity) noexcept {
  const std::uint64_t mixed =
      ((key.high ^ seed) ^ (key.low * 0xC2B2AE3D27D4EB4FULL)) * 0x9E3779B97F4A7C15ULL;
  return static_cast<std::size_t>((static_cast<uint128>(mixed) * capacity) >> 64);
}

// Zero-filled memory from the kernel, released with munmap.
class zeroed_region {
 public:
  zeroed_region() = default;
  explicit zeroed_region(std::size_t bytes);
  zeroed_region(zeroed_region&& other) noexcept { swap(other); }
  zeroed_region& operator=(zeroed_region&& other) noexcept {
    swap(other);
    return *this;
  }
  ~zeroed_region();
  [[nodiscard]] void* data() const noexcept { return data_; }

 private:
  void swap(zeroed_region& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(bytes_, other.bytes_);
  }
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

class dedupe_set {
 public:
  // min_capacity: the fewest slots, for a table whose expected size is small or unknown.
  // with_origins: keep each key's first occurrence (add_with_origin).
  explicit dedupe_set(std::size_t expected_keys, std::size_t min_capacity = 1 << 16,
                      bool with_origins = false);
  dedupe_set(const dedupe_set&) = delete;
  dedupe_set& operator=(const dedupe_set&) = delete;

  // Adds one occurrence of `key`; returns its count afterwards (1: first occurrence). Inline
  // for the common cases, a key seen fewer than 254 times and a new key that leaves the set
  // below its growth point: once per kept line in the dedupe stage's loop, where the call and
  // its saved registers cost about a quarter of the add (bench/callgrind.sh). The rest
  // (the all-zero key, counts kept aside, growth) goes to add_rare.
  [[gnu::always_inline]] std::uint32_t add(const core::position_key& key) {
    if (!is_empty_key(key)) {
      for (std::size_t i = home(key);; i = i + 1 == capacity_ ? 0 : i + 1) {
        if (keys_[i] == key) {
          if (counts_[i] + 1 < counted_aside) return ++counts_[i];
          break;
        }
        if (is_empty_slot(i)) {
          if (size_ + 1 > grow_at_) break;
          keys_[i] = key;
          counts_[i] = 1;
          ++size_;
          return 1;
        }
      }
    }
    return add_rare(key);
  }
  // add(), for a set made with origins: `origin` is this occurrence's place; it becomes the
  // place of the key's first occurrence (this one's when the key is new).
  std::uint32_t add_with_origin(const core::position_key& key, std::uint64_t& origin) {
    return add_keeping_origin<false>(key, origin);
  }
  // add(), for a set made with origins, keeping each key's last occurrence's place instead
  // (--keep last: the kept line stands for the dropped ones); returns the count.
  std::uint32_t add_with_last_origin(const core::position_key& key, std::uint64_t origin) {
    return add_keeping_origin<true>(key, origin);
  }

  // A key known to be absent, with its count so far and first origin (0 without origins): the
  // decided keys of a dedupe past memory (partition_resolver).
  void insert_decided(const core::position_key& key, std::uint32_t count, std::uint64_t origin);
  // The first origin of a key in a set with origins; 0 for a key never added.
  [[nodiscard]] std::uint64_t first_origin(const core::position_key& key) const noexcept;

  // Thrown where the set would grow past its capacity after forbid_growth().
  struct capacity_exceeded {};
  // A set with a memory share of its own: instead of growing, add() and insert_decided()
  // throw capacity_exceeded once the set is as full as it grows at (the key is then added).
  void forbid_growth() noexcept { growth_forbidden_ = true; }

  // The key's count so far (exact beyond 255); 0 for a key never added. Read-only: safe from
  // many threads while nothing adds.
  [[nodiscard]] std::uint32_t count(const core::position_key& key) const noexcept;
  [[nodiscard]] bool contains(const core::position_key& key) const noexcept {
    return count(key) != 0;
  }

  // Brings the key's home slot (key and count) into cache ahead of add().
  void prefetch(const core::position_key& key) const noexcept {
    const std::size_t i = home(key);
    __builtin_prefetch(&keys_[i]);
    __builtin_prefetch(&counts_[i], 1);
  }

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t home_slot(const core::position_key& key) const noexcept {
    return home(key);
  }
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return capacity_ * (sizeof(core::position_key) + sizeof(std::uint8_t) +
                        (with_origins_ ? sizeof(std::uint64_t) : 0));
  }
  [[nodiscard]] bool with_origins() const noexcept { return with_origins_; }

  // Calls f(key, count, first origin (0 without origins)) for every key, in slot order.
  template <class F>
  void for_each(F f) const {
    if (zero_key_count_ != 0) f(core::position_key{}, zero_key_count_, zero_key_origin_);
    for (std::size_t i = 0; i < capacity_; ++i) {
      if (is_empty_slot(i)) continue;
      const std::uint32_t n =
          counts_[i] != counted_aside ? counts_[i] : counted_aside_.find(keys_[i])->second;
      f(keys_[i], n, with_origins_ ? origins_[i] : 0);
    }
  }

 private:
  [[nodiscard]] static bool is_empty_key(const core::position_key& key) noexcept {
    return (key.low | key.high) == 0;
  }
  [[nodiscard]] bool is_empty_slot(std::size_t i) const noexcept { return is_empty_key(keys_[i]); }
  [[nodiscard]] std::size_t home(const core::position_key& key) const noexcept {
    return first_probe_slot(key, seed_, capacity_);
  }
  // add() in every case; add() calls it for the rare ones.
  std::uint32_t add_rare(const core::position_key& key);
  void allocate(std::size_t capacity);
  void grow();
  // The slot of `key` (not the all-zero key), or, if absent, the empty slot that ends its run.
  [[nodiscard]] std::size_t find(const core::position_key& key) const noexcept;
  std::uint32_t count_again(std::size_t slot);
  // add_with_origin (last: false) and add_with_last_origin (true).
  template <bool last>
  std::uint32_t add_keeping_origin(const core::position_key& key, std::uint64_t& origin);

  zeroed_region key_region_;
  zeroed_region count_region_;
  core::position_key* keys_ = nullptr;
  std::uint8_t* counts_ = nullptr;  // the count, or counted_aside: look in counted_aside_
  zeroed_region origin_region_;
  std::uint64_t* origins_ = nullptr;  // with origins only
  bool with_origins_ = false;
  std::uint64_t zero_key_origin_ = 0;
  static constexpr std::uint8_t counted_aside = 255;
  struct key_hash {
    std::size_t operator()(const core::position_key& k) const noexcept {
      return static_cast<std::size_t>(k.low ^ (k.high * 0x9E3779B97F4A7C15ULL));
    }
  };
  std::unordered_map<core::position_key, std::uint32_t, key_hash> counted_aside_;
  std::size_t capacity_ = 0;
  std::size_t size_ = 0;
  std::size_t grow_at_ = 0;
  std::uint32_t zero_key_count_ = 0;
  std::uint64_t seed_ = 0;
  bool growth_forbidden_ = false;
};

// Independent sets, each key in the one its shard bits pick. Shards share nothing, so the
// keys of a chunk can be added one shard per task, in parallel; within a shard they are
// added in input order, which is all that first-occurrence order needs.
class sharded_dedupe_set {
 public:
  static constexpr std::size_t max_shards = 64;

  // shard_count: a power of two, at most max_shards.
  sharded_dedupe_set(std::size_t expected_keys, std::size_t shard_count, bool with_origins = false);

  // Throws std::invalid_argument unless shard_count is a power of two up to max_shards.
  static void check_shard_count(std::size_t shard_count);

  // Bits of the low word that home slots do not depend on alone (they mix in the high word
  // and a seed): the shards fill evenly, and a shard's keys still spread over its slots.
  [[nodiscard]] static std::size_t shard_of(const core::position_key& key,
                                            std::size_t shard_count) noexcept {
    return static_cast<std::size_t>((key.low * 0xD6E8FEB86659FD93ULL) >> 58) & (shard_count - 1);
  }

  [[nodiscard]] dedupe_set& shard(std::size_t s) noexcept { return *shards_[s]; }
  [[nodiscard]] const dedupe_set& shard(std::size_t s) const noexcept { return *shards_[s]; }
  [[nodiscard]] std::uint32_t count(const core::position_key& key) const noexcept {
    return shards_[shard_of(key, shards_.size())]->count(key);
  }
  [[nodiscard]] std::size_t shard_count() const noexcept { return shards_.size(); }
  [[nodiscard]] std::size_t size() const noexcept;
  [[nodiscard]] std::size_t memory_bytes() const noexcept;

 private:
  std::vector<std::unique_ptr<dedupe_set>> shards_;
};

}  // namespace fenbatch::pipeline::detail
