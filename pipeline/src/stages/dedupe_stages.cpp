#include "stages/dedupe_stages.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

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

void dedupe_stages::add(chunk& c, std::size_t stage) {
  if (stage == 0 && !set_) create_set(c);  // stage 0 sees the first chunk first
  sharded_dedupe_set& set = *set_;
  const std::size_t first = stage * shard_count_ / stage_count();
  const std::size_t last = (stage + 1) * shard_count_ / stage_count();
  if (with_origins_) {
    add_with_origins(c, first, last);
    return;
  }
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
// matters.
void dedupe_stages::create_set(const chunk& c) {
  constexpr std::size_t unknown_size_keys = 1 << 20;  // pipes, stdin: grow from here
  std::size_t expected = unknown_size_keys;
  if (inputs_.total_bytes() != 0 && c.input.text_bytes != 0 && c.counts.lines != 0) {
    expected = static_cast<std::size_t>(static_cast<double>(inputs_.total_bytes()) *
                                        static_cast<double>(c.counts.lines) /
                                        static_cast<double>(c.input.text_bytes));
  }
  set_.emplace(expected, shard_count_, with_origins_);
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
