#include "dedupe/set_store.hpp"

#include <array>

namespace fenbatch::pipeline::detail {

set_store::set_store(std::size_t expected_keys, std::size_t shard_count, bool with_origins,
                     budget_switch& budget)
    : set_(expected_keys, shard_count, with_origins),
      with_origins_(with_origins),
      budget_(budget) {}

void set_store::add(chunk& c, std::size_t first, std::size_t last) {
  std::array<std::size_t, sharded_dedupe_set::max_shards> size_before{};
  for (std::size_t s = first; s < last; ++s) size_before[s] = set_.shard(s).size();
  if (with_origins_) {
    add_with_origins(c, first, last);
  } else {
    // Prefetch a fixed distance ahead across the stage's shards (the set is far larger than
    // the cache), following the shard boundaries with a second cursor. The chunk's arrays
    // through local pointers: the set's one-byte counts may alias anything, so the vectors'
    // own pointers were loaded again after every add.
    constexpr std::size_t prefetch_distance = 16;
    const core::position_key* const keys = c.shard_keys.data();
    const std::uint32_t* const shard_begin = c.shard_begin.data();
    std::uint32_t* const occurrences = c.occurrences.data();
    const std::size_t end = shard_begin[last];
    std::size_t ahead_shard = first;
    for (std::size_t s = first; s < last; ++s) {
      dedupe_set& shard = set_.shard(s);
      const std::size_t shard_end = shard_begin[s + 1];
      for (std::size_t j = shard_begin[s]; j < shard_end; ++j) {
        const std::size_t ahead = j + prefetch_distance;
        if (ahead < end) {
          while (ahead >= shard_begin[ahead_shard + 1]) ++ahead_shard;
          set_.shard(ahead_shard).prefetch(keys[ahead]);
        }
        occurrences[j] = shard.add(keys[j]);
      }
    }
  }
  for (std::size_t s = first; s < last; ++s) {
    const std::size_t added = set_.shard(s).size() - size_before[s];
    budget_.found_duplicates(s, c.shard_begin[s + 1] - c.shard_begin[s] - added);
  }
}

// add()'s loop for --counts and --duplicates (no prefetching: the rarer, slower mode): each
// place's origin becomes its key's first occurrence's.
void set_store::add_with_origins(chunk& c, std::size_t first, std::size_t last) {
  for (std::size_t s = first; s < last; ++s) {
    dedupe_set& shard = set_.shard(s);
    for (std::size_t j = c.shard_begin[s]; j < c.shard_begin[s + 1]; ++j) {
      c.occurrences[j] = shard.add_with_origin(c.shard_keys[j], c.shard_origins[j]);
    }
  }
}

void set_store::hand_over(key_partitions& partitions) {
  for (std::size_t s = 0; s < set_.shard_count(); ++s) {
    set_.shard(s).for_each(
        [&partitions](const core::position_key& key, std::uint32_t count, std::uint64_t origin) {
          partitions.add_decided(key, count, origin);
        });
  }
}

}  // namespace fenbatch::pipeline::detail
