// Where the dedupe keeps its keys and takes its decisions from: the in-memory set
// (set_store.hpp) or, past the memory budget, partitions (partition_store.hpp). The dedupe
// stages hold one store and ask it everything; at the budget switch the set hands its keys over
// to the partitions, which take its place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "chunks/chunk.hpp"
#include "dedupe/key_partitions.hpp"
#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

class key_store {
 public:
  virtual ~key_store() = default;

  // Pass 1: the chunk's keys of shards first..last-1 (shard_keys), one call per chunk and dedupe
  // stage. The set adds them and decides at once: each place's count goes to its place in
  // occurrences (with origins, its key's first origin to shard_origins). Partitions only collect
  // a chunk's keys, in input order, so they are handed whole chunks (every shard) and decide
  // them in pass 3.
  virtual void add(chunk& c, std::size_t first, std::size_t last) = 0;
  // The budget switch: every key decided so far, with its count and first origin, goes to
  // `partitions` (their add_decided), which take this store's place.
  virtual void hand_over(key_partitions& partitions) = 0;
  // Pass 2: decides the keys collected; progress(done, total) in partitions.
  virtual void resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress) = 0;
  // Pass 3, in input order: a chunk's decisions, as add() gives them in a set.
  virtual void decide(chunk& c) = 0;

  // Distinct keys; final once every key is decided.
  [[nodiscard]] virtual std::uint64_t unique() const noexcept = 0;
  // Once every key is decided: the final count of the next first occurrence, asked in
  // first-occurrence order (--counts).
  virtual std::uint32_t final_count(const core::position_key& key) = 0;
  // Leaf partitions, and bytes written to their temporary files (a set: none).
  [[nodiscard]] virtual std::uint64_t partitions() const noexcept = 0;
  [[nodiscard]] virtual std::uint64_t temp_bytes_written() const noexcept = 0;
};

}  // namespace fenbatch::pipeline::detail
