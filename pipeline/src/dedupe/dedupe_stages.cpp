#include "dedupe/dedupe_stages.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

#include "dedupe/local_partitions.hpp"
#include "dedupe/partition_store.hpp"
#include "dedupe/set_store.hpp"

namespace fenbatch::pipeline::detail {

namespace {

// One shard (-j1): the keys in line order, each line its own place, in one pass.
void place_in_line_order(chunk& c) {
  const std::size_t n = c.valid.size();
  c.shard_begin[1] = static_cast<std::uint32_t>(n);
  for (std::size_t i = 0; i < n; ++i) {
    c.shard_position[i] = static_cast<std::uint32_t>(i);
    c.shard_keys[i] = c.valid[i].key;
  }
}

// Several shards: each line's shard counted, then its place (kept in shard_position until
// the second pass replaces it).
void place_by_shard(chunk& c, std::size_t shard_count) {
  const std::size_t n = c.valid.size();
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
}

}  // namespace

void group_by_shard(chunk& c, std::size_t shard_count, bool with_origins) {
  const std::size_t n = c.valid.size();
  c.shard_begin.assign(shard_count + 1, 0);
  c.shard_position.resize(n);
  c.shard_keys.resize(n);
  if (shard_count == 1) {
    place_in_line_order(c);
  } else {
    place_by_shard(c, shard_count);
  }
  if (!with_origins) return;
  c.shard_origins.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    c.shard_origins[c.shard_position[i]] = line_origin(c.sequence, c.sources[i].line);
  }
}

dedupe_stages::dedupe_stages(const input_reader& inputs, dedupe_plan plan)
    : inputs_(inputs),
      plan_(std::move(plan)),
      stage_tokens_(plan_.stage_count),
      budget_(inputs_, plan_) {}

dedupe_stages::~dedupe_stages() = default;

void dedupe_stages::add(chunk& c, std::size_t stage) {
  if (stage == 0) {  // stage 0 sees every chunk first
    // (After the first deferred chunk, stage 0 reads the store no more: the last stage owns
    // it from then on.)
    if (!plan_.partitions_elsewhere && !budget_.switched() && !store_) create_set(c);
    c.deferred = budget_.defers(c);
  }
  if (c.deferred) {
    if (stage + 1 != stage_count()) return;
    if (!partitioned_) switch_to_partitions();
    store_->add(c, 0, plan_.shard_count);
    return;
  }
  store_->add(c, stage * plan_.shard_count / stage_count(),
              (stage + 1) * plan_.shard_count / stage_count());
}

void dedupe_stages::create_set(const chunk& c) {
  auto set = std::make_unique<set_store>(budget_.expected_keys(c), plan_.shard_count,
                                         plan_.with_origins, budget_);
  if (budget_.takes(set->set())) store_ = std::move(set);  // else not even the smallest fits
}

// At the first deferred chunk, in the last stage: every earlier chunk's keys are in the set.
void dedupe_stages::switch_to_partitions() {
  const partitioned_dedupe_options options = budget_.partition_options();
  std::unique_ptr<key_partitions> partitions = plan_.partitions_elsewhere
                                                   ? plan_.partitions_elsewhere(options)
                                                   : make_local_partitions(options);
  if (store_) store_->hand_over(*partitions);
  store_ = std::make_unique<partition_store>(std::move(partitions), plan_.with_origins,
                                             plan_.finals_in_decisions);
  partitioned_ = true;
}

void dedupe_stages::make_partitions_elsewhere() {
  if (plan_.partitions_elsewhere && !partitioned_) switch_to_partitions();
}

void dedupe_stages::resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  store_->resolve(progress);
}

void dedupe_stages::decide(chunk& c) {
  store_->decide(c);
}

std::uint64_t dedupe_stages::unique() const noexcept {
  return store_ ? store_->unique() : 0;
}

std::uint32_t dedupe_stages::final_count(const core::position_key& key) {
  return store_ ? store_->final_count(key) : 0;
}

std::uint64_t dedupe_stages::partition_count() const noexcept {
  return store_ ? store_->partitions() : 0;
}

std::uint64_t dedupe_stages::partition_temp_bytes() const noexcept {
  return store_ ? store_->temp_bytes_written() : 0;
}

void keep_first_occurrences(chunk& c, kept_text text) {
  c.duplicates.clear();
  c.kept.clear();
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    if (c.occurrences[c.shard_position[i]] != 1)
      c.duplicates.push_back(static_cast<std::uint32_t>(i));
  }
  c.counts.duplicates = c.duplicates.size();
  c.counts.written = c.valid.size() - c.duplicates.size();
  if (c.duplicates.empty()) {
    c.compacted = false;
    return;  // the text as it is
  }
  untally_dropped(c, c.duplicates);
  c.counts.derive_eight_by_eight();
  c.compacted = text == kept_text::compacted;
  if (c.compacted) copy_kept_text(c, c.duplicates);
}

std::uint64_t untally_dropped(chunk& c, const std::vector<std::uint32_t>& dropped) {
  written_facts_tally tally;
  for (const std::uint32_t i : dropped) tally.add(c.valid[i].facts, c.dropped_material);
  tally.subtract_from(c.counts);
  c.counts.ten_by_eight_duplicates = tally.ten_by_eight_lines;
  return tally.ten_by_eight_lines;
}

void copy_kept_text(chunk& c, const std::vector<std::uint32_t>& dropped) {
  c.kept.reserve_more(c.text.size());
  std::size_t from = 0;
  const auto copy_to = [&c, &from](std::size_t to) {
    if (to == from) return;  // (memcpy wants real pointers even for no bytes)
    std::memcpy(c.kept.end(), c.text.view(from, 0).data(), to - from);
    c.kept.grow_by(to - from);
  };
  for (const std::uint32_t i : dropped) {
    const chunk::valid_line& line = c.valid[i];
    copy_to(line.text_offset);
    from = line.text_offset + line.text_length;
  }
  copy_to(c.text.size());
}

}  // namespace fenbatch::pipeline::detail
