// Where a dedupe past its memory budget sends the keys of its deferred chunks (pass 1) and
// takes their decisions from (pass 3): partitions on this machine's disk (local_partitions),
// or the ranks of a distributed run that own each key's range (distributed/).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "chunks/chunk.hpp"
#include "dedupe/partitioned_dedupe.hpp"
#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

using partition_decision = partitioned_dedupe::decision;

class key_partitions {
 public:
  virtual ~key_partitions() = default;

  // Pass 1. The keys the in-memory set decided before the switch (any order, before the first
  // add_chunk()), then every deferred chunk's valid lines in input order; the origins
  // (line_origin) only matter `with_origins` or with final counts.
  virtual void add_decided(const core::position_key& key, std::uint32_t count,
                           std::uint64_t first_origin) = 0;
  virtual void add_chunk(const chunk& c, bool with_origins) = 0;
  // Pass 2: progress(done, total) in partitions.
  virtual void resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress) = 0;
  // Pass 3: the decision for the next line added, in the order of add_chunk(); `key` is its key.
  virtual partition_decision next(const core::position_key& key) = 0;
  // After pass 3: the final count of the next first occurrence, in first-occurrence order.
  virtual std::uint32_t final_count(const core::position_key& key) = 0;

  [[nodiscard]] virtual std::uint64_t unique() const noexcept = 0;
  [[nodiscard]] virtual std::uint64_t partitions() const noexcept = 0;
  [[nodiscard]] virtual std::uint64_t temp_bytes_written() const noexcept = 0;
};

// Makes the partitions at the switch from what the plan says they may use.
using key_partitions_factory =
    std::function<std::unique_ptr<key_partitions>(const partitioned_dedupe_options&)>;

}  // namespace fenbatch::pipeline::detail
