// The dedupe stages. After the parallel stage has grouped a chunk's keys by dedupe shard, one
// serial in-order pipeline stage per group of shards adds them to the set (or, past the
// memory budget, to partitions on disk); then, in parallel, the chunk's first occurrences are
// copied together for one write.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "chunks/chunk.hpp"
#include "dedupe/budget_switch.hpp"
#include "dedupe/dedupe_plan.hpp"
#include "dedupe/key_store.hpp"
#include "input/input_reader.hpp"

namespace fenbatch::pipeline::detail {

// Counting sort of the chunk's valid lines by dedupe shard, input order kept within each
// shard (fills shard_keys, shard_begin and shard_position; with_origins: shard_origins too).
void group_by_shard(chunk& c, std::size_t shard_count, bool with_origins = false);

// Adds each chunk's keys to the dedupe's store (key_store.hpp), one pipeline stage per group of
// shards (shards first..last-1 of group g). Each stage is serial and in input order, so every
// shard sees its keys in input order (first occurrences stay first); the stages run at once on
// successive chunks. The store is first the in-memory set (set_store.hpp), created by the first
// stage from the first chunk.
//
// Past the memory budget: the first stage finds, before adding a chunk's keys, that the set
// might outgrow its budget with them (budget_switch.hpp), and marks that chunk and every later
// one deferred; no stage adds their keys. The last stage, at the first deferred chunk (every
// earlier key is in the set by then), has the set hand its keys over to partitions, which
// replace it (partition_store.hpp); then it hands each deferred chunk to the partitions, in
// input order (pass 1). resolve() is pass 2; decide() gives each replayed chunk its lines'
// counts (pass 3).
class dedupe_stages {
 public:
  dedupe_stages(const input_reader& inputs, dedupe_plan plan);
  ~dedupe_stages();

  [[nodiscard]] std::size_t stage_count() const noexcept { return stage_tokens_.size(); }
  // What TSan is told each stage's state (its shards) is handed over with.
  [[nodiscard]] const void* stage_token(std::size_t stage) const noexcept {
    return &stage_tokens_[stage];
  }
  // Distinct keys; final once every stage is done (after resolve() when partitioned).
  [[nodiscard]] std::uint64_t unique() const noexcept;
  // Once every key is counted: the final count of the next first occurrence, asked in
  // first-occurrence order (--counts).
  [[nodiscard]] std::uint32_t final_count(const core::position_key& key);

  // Pass 1. Each line's count goes to its place in shard_keys: stages write disjoint ranges.
  void add(chunk& c, std::size_t stage);

  // After pass 1, when the partitions are elsewhere: made now if no chunk made them (a part
  // of a distributed run with no lines still takes part in the exchange).
  void make_partitions_elsewhere();
  // Whether the run switched to partitions (after pass 1).
  [[nodiscard]] bool partitioned() const noexcept { return partitioned_; }
  // Pass 2 (partitioned only): progress(done, total) in partitions.
  void resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress);
  // Pass 3, in input order: each valid line's count and first origin, as add() gives them.
  void decide(chunk& c);
  // Partitioned: leaf partitions, and bytes written to their temporary files.
  [[nodiscard]] std::uint64_t partition_count() const noexcept;
  [[nodiscard]] std::uint64_t partition_temp_bytes() const noexcept;

 private:
  void create_set(const chunk& c);
  void switch_to_partitions();

  const input_reader& inputs_;
  dedupe_plan plan_;
  std::vector<char> stage_tokens_;
  budget_switch budget_;  // stage 0's
  // The set, then (past the budget) the partitions; none before the first chunk, nor when
  // not even the smallest set fits (until the partitions are made).
  std::unique_ptr<key_store> store_;
  bool partitioned_ = false;
};

// What the keep stage does with the text of the lines it keeps: copies them together into
// `kept` (`compacted`), or leaves that to --split's routing, which copies each line once into
// its own file's text (stages/split_routing.hpp).
enum class kept_text : bool { compacted, left_to_routing };

// Once every dedupe stage has seen the chunk: the indices of its duplicates, its counts of
// written and duplicate lines (the written_positions ones without the duplicates') and, if
// there are duplicates and `text` says so, its text without them (the text holds exactly the
// valid lines, back to back). In parallel: the write stage then writes one piece.
void keep_first_occurrences(chunk& c, kept_text text = kept_text::compacted);

// The lines at `dropped` (indices in `valid`, ascending, at least one) taken out of the chunk's
// written statistics (counts, dropped_material). Sets ten_by_eight_duplicates as if every
// dropped line were a duplicate, and returns the 10x8 lines among them.
std::uint64_t untally_dropped(chunk& c, const std::vector<std::uint32_t>& dropped);
// The text of the lines not at `dropped` (as above), copied together into `kept`.
void copy_kept_text(chunk& c, const std::vector<std::uint32_t>& dropped);

}  // namespace fenbatch::pipeline::detail
