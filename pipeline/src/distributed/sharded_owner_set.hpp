// An owner's set of keys on all of its threads (owner_resolution.hpp): the keys split into
// shards, one dedupe_set each, and each block of records added on every thread at once, shard
// by shard. A shard sees its keys in record order, so every count and first origin is the one
// a single set gives, whatever the number of threads; the caller writes the decisions in record
// order afterwards. (The adds are cache misses, the owner's serial phase otherwise: a distributed
// run has no pipeline to hide them in.)
#pragma once

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "base/tsan_annotations.hpp"
#include "dedupe/dedupe_set.hpp"
#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

class sharded_owner_set {
 public:
  // About `records` adds to come, on `threads` threads (at least 1).
  sharded_owner_set(std::uint64_t records, unsigned threads, bool with_origins)
      : members_(std::max(threads, 1U)), with_origins_(with_origins) {
    const double each = static_cast<double>(records) / static_cast<double>(members_.size());
    // The shards' sizes vary by a few standard deviations around the mean; a larger one grows.
    const auto expected = static_cast<std::size_t>(each + 4 * std::sqrt(each)) + 64;
    for (std::size_t s = 0; s < members_.size(); ++s) {
      sets_.push_back(std::make_unique<dedupe_set>(expected, 16, with_origins));
    }
    arena_.initialize(static_cast<int>(members_.size()));
  }

  // Adds keys[i] for every i < n, in order per key, and sets occurrences[i] to its count after
  // the add; with origins, origins[i] becomes the key's first origin (dedupe_set::add_with_origin).
  void add_block(const core::position_key* keys, std::uint64_t* origins, std::uint32_t* occurrences,
                 std::size_t n) {
    for (auto& m : members_) m.clear();
    for (std::size_t i = 0; i < n; ++i) {
      members_[shard_of(keys[i])].push_back(static_cast<std::uint32_t>(i));
    }
    // The caller's state is seen by each task, and each task's writes by the caller after the
    // loop: oneTBB orders both inside libtbb, where TSan cannot see it (base/tsan_annotations.hpp).
    const char started = 0;
    const char finished = 0;
    happens_before(&started);
    const acquire_on_exit joined(&finished, &finished);  // also when a task threw
    arena_.execute([&] {
      tbb::parallel_for(std::size_t{0}, sets_.size(), [&](std::size_t s) {
        happens_after(&started);
        const publish_on_exit done(&finished);
        add_members(s, keys, origins, occurrences);
      });
    });
  }

  [[nodiscard]] std::uint32_t count(const core::position_key& key) const noexcept {
    return sets_[shard_of(key)]->count(key);
  }
  [[nodiscard]] std::size_t size() const noexcept {
    std::size_t n = 0;
    for (const auto& set : sets_) n += set->size();
    return n;
  }

 private:
  // Bits of the key's high word: the owner and a set's home slot mix both words, so a shard
  // keeps keys spread over its set's slots and over the owners alike.
  [[nodiscard]] std::size_t shard_of(const core::position_key& key) const noexcept {
    return static_cast<std::size_t>(((key.high >> 32) * sets_.size()) >> 32);
  }

  void add_members(std::size_t s, const core::position_key* keys, std::uint64_t* origins,
                   std::uint32_t* occurrences) {
    constexpr std::size_t ahead = 8;  // home slots fetched ahead of their adds
    const std::vector<std::uint32_t>& m = members_[s];
    dedupe_set& set = *sets_[s];
    for (std::size_t j = 0; j < std::min(ahead, m.size()); ++j) set.prefetch(keys[m[j]]);
    for (std::size_t j = 0; j < m.size(); ++j) {
      if (j + ahead < m.size()) set.prefetch(keys[m[j + ahead]]);
      const std::uint32_t i = m[j];
      occurrences[i] = with_origins_ ? set.add_with_origin(keys[i], origins[i]) : set.add(keys[i]);
    }
  }

  std::vector<std::unique_ptr<dedupe_set>> sets_;
  std::vector<std::vector<std::uint32_t>> members_;  // per shard: its records in the block
  bool with_origins_;
  tbb::task_arena arena_;
};

}  // namespace fenbatch::pipeline::detail
