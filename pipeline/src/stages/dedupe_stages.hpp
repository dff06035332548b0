// The dedupe stages. After the parallel stage has grouped a chunk's keys by dedupe shard, one
// serial in-order pipeline stage per group of shards adds them to the set; then, in parallel,
// the chunk's first occurrences are copied together for one write.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "input/input_reader.hpp"
#include "stages/chunk.hpp"
#include "stages/dedupe_set.hpp"

namespace fenbatch::pipeline::detail {

// Counting sort of the chunk's valid lines by dedupe shard, input order kept within each
// shard (fills shard_keys, shard_begin and shard_position; with_origins: shard_origins too).
void group_by_shard(chunk& c, std::size_t shard_count, bool with_origins = false);

// Adds each chunk's keys to the dedupe set, one pipeline stage per group of shards (shards
// first..last-1 of group g). Each stage is serial and in input order, so every shard sees its
// keys in input order (first occurrences stay first); the stages run at once on successive
// chunks. The set is created by the first stage from the first chunk.
class dedupe_stages {
 public:
  // with_origins: the set keeps each key's first occurrence (--counts, --duplicates).
  dedupe_stages(const input_reader& inputs, std::size_t shard_count, std::size_t stage_count,
                bool with_origins = false)
      : inputs_(inputs),
        shard_count_(shard_count),
        stage_tokens_(stage_count),
        with_origins_(with_origins) {}

  [[nodiscard]] std::size_t stage_count() const noexcept { return stage_tokens_.size(); }
  // What TSan is told each stage's state (its shards) is handed over with.
  [[nodiscard]] const void* stage_token(std::size_t stage) const noexcept {
    return &stage_tokens_[stage];
  }
  [[nodiscard]] std::size_t unique() const noexcept { return set_ ? set_->size() : 0; }
  // A key's count so far (0 before the first chunk): once every stage is done, its final one.
  [[nodiscard]] std::uint32_t count(const core::position_key& key) const noexcept {
    return set_ ? set_->count(key) : 0;
  }

  // Each line's count goes to its place in shard_keys: stages write disjoint ranges.
  void add(chunk& c, std::size_t stage);

 private:
  void create_set(const chunk& c);
  void add_with_origins(chunk& c, std::size_t first, std::size_t last);

  const input_reader& inputs_;
  std::size_t shard_count_;
  std::vector<char> stage_tokens_;
  bool with_origins_;
  std::optional<sharded_dedupe_set> set_;
};

// Once every dedupe stage has seen the chunk: the indices of its duplicates, its counts of
// written and duplicate lines (the written_positions ones without the duplicates') and, if
// there are duplicates, its text without them (the text holds exactly the valid lines, back
// to back). In parallel: the in-order stage then writes one piece.
void keep_first_occurrences(chunk& c);

}  // namespace fenbatch::pipeline::detail
