#include "dedupe/dedupe_stages.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "dedupe/local_partitions.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "spill/temp_space.hpp"

namespace fenbatch::pipeline::detail {

void group_by_shard(chunk& c, std::size_t shard_count, bool with_origins) {
  const std::size_t n = c.valid.size();
  c.shard_begin.assign(shard_count + 1, 0);
  c.shard_position.resize(n);
  c.shard_keys.resize(n);
  // First pass: each line's shard (kept in shard_position until the second pass replaces it).
  for (std::size_t i = 0; i < n; ++i) {
    const auto shard =
        static_cast<std::uint32_t>(sharded_dedupe_set::shard_of(c.valid[i].key, shard_count));
    c.shard_position[i] = shard;
    ++c.shard_begin[shard + 1];
  }
  for (std::size_t s = 0; s < shard_count; ++s) c.shard_begin[s + 1] += c.shard_begin[s];
  std::array<std::uint32_t, sharded_dedupe_set::max_shards> next{};
  std::copy(c.shard_begin.begin(), c.shard_begin.end() - 1, next.begin());
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t position = next[c.shard_position[i]]++;
    c.shard_position[i] = position;
    c.shard_keys[position] = c.valid[i].key;
  }
  if (!with_origins) return;
  c.shard_origins.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    c.shard_origins[c.shard_position[i]] = line_origin(c.sequence, c.sources[i].line);
  }
}

namespace {

// dedupe_set's growth rule: a set made with `capacity` slots holding `keys` keys has grown
// to the returned capacity; `before` is the capacity before its last growth (its old arrays
// live on while a growth copies them).
std::size_t capacity_holding(std::size_t capacity, std::uint64_t keys, std::size_t& before) {
  before = 0;
  while (keys > capacity / 4 * 3) {
    before = capacity;
    capacity += capacity / 2;
  }
  return capacity;
}

std::size_t slot_bytes(bool with_origins) {
  return sizeof(core::position_key) + sizeof(std::uint8_t) +
         (with_origins ? sizeof(std::uint64_t) : 0);
}

}  // namespace

dedupe_stages::dedupe_stages(const input_reader& inputs, dedupe_plan plan)
    : inputs_(inputs),
      plan_(std::move(plan)),
      stage_tokens_(plan_.stage_count),
      admitted_(plan_.shard_count, 0),
      duplicates_found_(std::make_unique<std::atomic<std::uint64_t>[]>(plan_.shard_count)),
      initial_capacity_(plan_.shard_count, 0) {}

dedupe_stages::~dedupe_stages() = default;

void dedupe_stages::add(chunk& c, std::size_t stage) {
  if (stage == 0) {  // stage 0 sees every chunk first
    // (After the first deferred chunk, stage 0 reads neither the set nor the partitions: the
    // last stage owns them from then on.)
    if (!switched_ && !set_ && !plan_.partitions_elsewhere) create_set(c);
    c.deferred = switched_ || !set_fits_with(c);
    const std::uint64_t bytes_before = bytes_seen_;
    bytes_seen_ += c.input.text_bytes;
    lines_seen_ += c.counts.lines;
    if (c.deferred && !switched_) {
      switched_ = true;  // from the first deferred chunk on, all are
      // Lines from this chunk on, at the lines per byte seen so far, this chunk's included.
      if (inputs_.total_bytes() > bytes_before && bytes_seen_ != 0) {
        lines_to_come_ = static_cast<std::uint64_t>(
            static_cast<double>(inputs_.total_bytes() - bytes_before) *
            static_cast<double>(lines_seen_) / static_cast<double>(bytes_seen_));
      }
      check_temp_space();
    }
    if (!c.deferred) {
      for (std::size_t s = 0; s < plan_.shard_count; ++s) {
        admitted_[s] += c.shard_begin[s + 1] - c.shard_begin[s];
      }
    }
  }
  if (c.deferred) {
    if (stage + 1 == stage_count()) add_to_partitions(c);
    return;
  }
  sharded_dedupe_set& set = *set_;
  const std::size_t first = stage * plan_.shard_count / stage_count();
  const std::size_t last = (stage + 1) * plan_.shard_count / stage_count();
  std::array<std::size_t, sharded_dedupe_set::max_shards> size_before{};
  for (std::size_t s = first; s < last; ++s) size_before[s] = set.shard(s).size();
  if (plan_.with_origins) {
    add_with_origins(c, first, last);
  } else {
    // Prefetch a fixed distance ahead across the stage's shards (the set is far larger than
    // the cache), following the shard boundaries with a second cursor.
    constexpr std::size_t prefetch_distance = 16;
    const std::size_t end = c.shard_begin[last];
    std::size_t ahead_shard = first;
    for (std::size_t s = first; s < last; ++s) {
      dedupe_set& shard = set.shard(s);
      for (std::size_t j = c.shard_begin[s]; j < c.shard_begin[s + 1]; ++j) {
        const std::size_t ahead = j + prefetch_distance;
        if (ahead < end) {
          while (ahead >= c.shard_begin[ahead_shard + 1]) ++ahead_shard;
          set.shard(ahead_shard).prefetch(c.shard_keys[ahead]);
        }
        c.occurrences[j] = shard.add(c.shard_keys[j]);
      }
    }
  }
  for (std::size_t s = first; s < last; ++s) {
    const std::size_t added = set.shard(s).size() - size_before[s];
    duplicates_found_[s].fetch_add(c.shard_begin[s + 1] - c.shard_begin[s] - added,
                                   std::memory_order_relaxed);
  }
}

// add()'s loop for --counts and --duplicates (no prefetching: the rarer, slower mode): each
// place's origin becomes its key's first occurrence's.
void dedupe_stages::add_with_origins(chunk& c, std::size_t first, std::size_t last) {
  for (std::size_t s = first; s < last; ++s) {
    dedupe_set& shard = set_->shard(s);
    for (std::size_t j = c.shard_begin[s]; j < c.shard_begin[s + 1]; ++j) {
      c.occurrences[j] = shard.add_with_origin(c.shard_keys[j], c.shard_origins[j]);
    }
  }
}

// Total input bytes times the first chunk's lines per byte estimates the line count (every
// line unique at worst). A larger table costs page faults on first touch, so a good estimate
// matters; it is cut to what the budget holds.
void dedupe_stages::create_set(const chunk& c) {
  constexpr std::size_t unknown_size_keys = 1 << 20;  // pipes, stdin: grow from here
  std::size_t expected = unknown_size_keys;
  if (inputs_.total_bytes() != 0 && c.input.text_bytes != 0 && c.counts.lines != 0) {
    expected = static_cast<std::size_t>(static_cast<double>(inputs_.total_bytes()) *
                                        static_cast<double>(c.counts.lines) /
                                        static_cast<double>(c.input.text_bytes));
  }
  // (Each shard rounds its capacity up a little: leave it room.)
  const std::uint64_t slots_in_budget = plan_.memory_bytes / slot_bytes(plan_.with_origins);
  const std::uint64_t rounding = std::uint64_t{4} * plan_.shard_count;
  expected = static_cast<std::size_t>(std::min<std::uint64_t>(
      expected, slots_in_budget > rounding ? (slots_in_budget - rounding) / 4 * 3 : 0));
  set_.emplace(expected, plan_.shard_count, plan_.with_origins);
  for (std::size_t s = 0; s < plan_.shard_count; ++s) {
    initial_capacity_[s] = set_->shard(s).capacity();
  }
  if (set_->memory_bytes() > plan_.memory_bytes) set_.reset();  // not even the smallest fits
}

// An upper bound of the set's bytes once the chunk's keys are added, growths in flight
// included (each stage grows one shard at a time, old and new arrays side by side).
bool dedupe_stages::set_fits_with(const chunk& c) const {
  if (!set_) return false;
  const std::size_t slot = slot_bytes(plan_.with_origins);
  std::uint64_t bytes = 0;
  std::size_t largest_old = 0;
  for (std::size_t s = 0; s < plan_.shard_count; ++s) {
    const std::uint64_t keys = admitted_[s] + c.shard_begin[s + 1] - c.shard_begin[s] -
                               duplicates_found_[s].load(std::memory_order_relaxed);
    std::size_t before = 0;
    bytes += capacity_holding(initial_capacity_[s], keys, before) * slot;
    largest_old = std::max(largest_old, before);
  }
  bytes += stage_count() * largest_old * slot;
  return bytes <= plan_.memory_bytes;
}

// Stage 0, at the switch, before a temporary byte is written: the partitions' files for the
// set's keys (at most those admitted) and for the lines still to come (when the input's size
// says), against the free space of the temporary directory. (A stream's copy for pass 3 is
// not counted: its size is not known.)
void dedupe_stages::check_temp_space() const {
  std::uint64_t decided = 0;
  for (std::size_t s = 0; s < plan_.shard_count; ++s) {
    decided += admitted_[s] - duplicates_found_[s].load(std::memory_order_relaxed);
  }
  const std::uint64_t per_line =
      partitioned_dedupe::temp_bytes_per_line(plan_.with_origins, plan_.final_counts);
  const std::uint64_t needed = (decided + lines_to_come_) * per_line;
  const std::uint64_t free = free_bytes(plan_.temp_dir);
  if (needed > free) {
    throw std::runtime_error(
        "not enough space for partitioned dedupe in " + quoted_name(plan_.temp_dir) + ": about " +
        std::to_string(needed >> 20) + " MiB needed, " + std::to_string(free >> 20) +
        " MiB free (choose another --temp-dir, or raise --memory-limit); nothing was written");
  }
}

// At the first deferred chunk, in the last stage: every earlier chunk's keys are in the set.
void dedupe_stages::switch_to_partitions() {
  partitioned_dedupe_options options;
  options.temp_dir = plan_.temp_dir;
  options.memory_bytes = plan_.partition_memory_bytes;
  options.threads = plan_.threads;
  options.with_origins = plan_.with_origins;
  options.final_counts = plan_.final_counts;
  options.expected_lines = lines_to_come_;
  partitions_ = plan_.partitions_elsewhere ? plan_.partitions_elsewhere(options)
                                           : make_local_partitions(options);
  if (set_) {
    for (std::size_t s = 0; s < set_->shard_count(); ++s) {
      set_->shard(s).for_each(
          [this](const core::position_key& key, std::uint32_t count, std::uint64_t origin) {
            partitions_->add_decided(key, count, origin);
          });
    }
    set_.reset();
  }
}

void dedupe_stages::make_partitions_elsewhere() {
  if (plan_.partitions_elsewhere && !partitions_) switch_to_partitions();
}

void dedupe_stages::add_to_partitions(const chunk& c) {
  if (!partitions_) switch_to_partitions();
  partitions_->add_chunk(c, plan_.with_origins);
}

void dedupe_stages::resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  partitions_->resolve(progress);
}

void dedupe_stages::decide(chunk& c) {
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    const partitioned_dedupe::decision d = partitions_->next(c.valid[i].key);
    const std::uint32_t place = c.shard_position[i];
    c.occurrences[place] = d.occurrence;
    if (plan_.with_origins) c.shard_origins[place] = d.first_origin;
  }
}

std::uint64_t dedupe_stages::unique() const noexcept {
  if (partitions_) return partitions_->unique();
  return set_ ? set_->size() : 0;
}

std::uint32_t dedupe_stages::final_count(const core::position_key& key) {
  if (partitions_) return partitions_->final_count(key);
  return set_ ? set_->count(key) : 0;
}

std::uint64_t dedupe_stages::partition_count() const noexcept {
  return partitions_ ? partitions_->partitions() : 0;
}

std::uint64_t dedupe_stages::partition_temp_bytes() const noexcept {
  return partitions_ ? partitions_->temp_bytes_written() : 0;
}

void keep_first_occurrences(chunk& c) {
  c.duplicates.clear();
  c.kept.clear();
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    if (c.occurrences[c.shard_position[i]] != 1)
      c.duplicates.push_back(static_cast<std::uint32_t>(i));
  }
  c.counts.duplicates = c.duplicates.size();
  c.counts.written = c.valid.size() - c.duplicates.size();
  if (c.duplicates.empty()) return;  // the text as it is
  written_facts_tally dropped;
  for (const std::uint32_t i : c.duplicates) dropped.add(c.valid[i].facts, c.dropped_material);
  dropped.subtract_from(c.counts);
  c.counts.ten_by_eight_duplicates = dropped.ten_by_eight_lines;
  c.counts.derive_eight_by_eight();
  c.kept.reserve_more(c.text.size());
  std::size_t from = 0;
  const auto copy_to = [&c, &from](std::size_t to) {
    if (to == from) return;  // (memcpy wants real pointers even for no bytes)
    std::memcpy(c.kept.end(), c.text.view(from, 0).data(), to - from);
    c.kept.grow_by(to - from);
  };
  for (const std::uint32_t i : c.duplicates) {
    const chunk::valid_line& line = c.valid[i];
    copy_to(line.text_offset);
    from = line.text_offset + line.text_length;
  }
  copy_to(c.text.size());
}

}  // namespace fenbatch::pipeline::detail
