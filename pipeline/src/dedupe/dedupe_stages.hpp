// The dedupe stages. After the parallel stage has grouped a chunk's keys by dedupe shard, one
// serial in-order pipeline stage per group of shards adds them to the set (or, past the
// memory budget, to partitions on disk); then, in parallel, the chunk's first occurrences are
// copied together for one write.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chunks/chunk.hpp"
#include "dedupe/dedupe_set.hpp"
#include "dedupe/key_partitions.hpp"
#include "input/input_reader.hpp"

namespace fenbatch::pipeline::detail {

// Counting sort of the chunk's valid lines by dedupe shard, input order kept within each
// shard (fills shard_keys, shard_begin and shard_position; with_origins: shard_origins too).
void group_by_shard(chunk& c, std::size_t shard_count, bool with_origins = false);

// What the dedupe stages are given to work with.
struct dedupe_plan {
  std::size_t shard_count = 1;
  std::size_t stage_count = 1;
  bool with_origins = false;  // --counts, --duplicates: each key's first occurrence is kept
  bool final_counts = false;  // --counts: final_count() is asked, in first-occurrence order
  // Bytes the set may take; once it would take more, the run switches to partitions.
  std::uint64_t memory_bytes = 0;
  // Bytes the partitions may take (the set's, less what pass 1's partition buffers need
  // while the set is written out, and more once it is gone: see run.cpp).
  std::uint64_t partition_memory_bytes = 0;
  std::string temp_dir;
  unsigned threads = 1;
  // Set: every chunk is deferred (no set in memory), and the partitions are made here instead
  // of on this machine's disk (a distributed run's ranks that own the keys).
  key_partitions_factory partitions_elsewhere;
};

// Adds each chunk's keys to the dedupe set, one pipeline stage per group of shards (shards
// first..last-1 of group g). Each stage is serial and in input order, so every shard sees its
// keys in input order (first occurrences stay first); the stages run at once on successive
// chunks. The set is created by the first stage from the first chunk.
//
// Past the memory budget: the first stage finds, before adding a chunk's keys, that the set
// might outgrow its budget with them (an upper bound: every key of the chunks admitted so far
// counted as new, less the duplicates the stages have found), and marks that chunk and every
// later one deferred; no stage adds their keys. The last stage, at the first deferred chunk
// (every earlier key is in the set by then), writes the set out to the partitions and frees
// it; then it hands each deferred chunk's keys to the partitions, in input order (pass 1).
// resolve() is pass 2; decide() gives each replayed chunk its lines' counts (pass 3).
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
  [[nodiscard]] bool partitioned() const noexcept { return partitions_ != nullptr; }
  // Pass 2 (partitioned only): progress(done, total) in partitions.
  void resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress);
  // Pass 3, in input order: each valid line's count and first origin, as add() gives them.
  void decide(chunk& c);
  // Partitioned: leaf partitions, and bytes written to their temporary files.
  [[nodiscard]] std::uint64_t partition_count() const noexcept;
  [[nodiscard]] std::uint64_t partition_temp_bytes() const noexcept;

 private:
  void create_set(const chunk& c);
  [[nodiscard]] bool set_fits_with(const chunk& c) const;
  void add_with_origins(chunk& c, std::size_t first, std::size_t last);
  void check_temp_space() const;
  void switch_to_partitions();
  void add_to_partitions(const chunk& c);

  const input_reader& inputs_;
  dedupe_plan plan_;
  std::vector<char> stage_tokens_;
  std::optional<sharded_dedupe_set> set_;
  bool switched_ = false;  // stage 0: a chunk was deferred (no set: the budget holds none)
  // Stage 0's bound on each shard's keys: every key of the admitted chunks; less the
  // duplicates its stage found (atomic: written by that stage, read by stage 0).
  std::vector<std::uint64_t> admitted_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> duplicates_found_;
  std::vector<std::size_t> initial_capacity_;
  // Stage 0, for the partitions' sizing: text bytes and lines of the chunks seen, and at the
  // switch the lines still to come when the input's size says (0: unknown).
  std::uint64_t bytes_seen_ = 0;
  std::uint64_t lines_seen_ = 0;
  std::uint64_t lines_to_come_ = 0;
  std::unique_ptr<key_partitions> partitions_;
};

// Once every dedupe stage has seen the chunk: the indices of its duplicates, its counts of
// written and duplicate lines (the written_positions ones without the duplicates') and, if
// there are duplicates, its text without them (the text holds exactly the valid lines, back
// to back). In parallel: the in-order stage then writes one piece.
void keep_first_occurrences(chunk& c);

}  // namespace fenbatch::pipeline::detail
