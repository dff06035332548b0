// An owner's dedupe of its share of the keys in a distributed run: the records each source rank
// sent it (its lines with these keys, in its input order), taken source by source in rank
// order, which is the whole input's order, so every decision is the one a single process makes.
// In a dedupe_set when every record could be a distinct key and the set would still fit the
// memory share; else in a partitioned_dedupe on this rank's disk.
#pragma once

#include <cstdint>
#include <functional>

#include "dedupe/partitioned_dedupe.hpp"
#include "distributed/dedupe_wire.hpp"
#include "distributed/record_exchange.hpp"

namespace fenbatch::pipeline::detail {

struct owner_share {
  std::uint64_t unique = 0;      // distinct keys
  std::uint64_t partitions = 0;  // leaf partitions; 0 when the set held them
  std::uint64_t temp_bytes = 0;  // written to temporary files here (not the outputs)
};

// received[s]: source s's key records (finished writing). Appends per record its decision to
// decisions[s] and, with final counts, per first occurrence its final count to finals[s].
// Throws what a temporary file or the partitions throw.
owner_share resolve_owner_share(const dedupe_wire& wire, const partitioned_dedupe_options& options,
                                const spill_files& received, const spill_files& decisions,
                                const spill_files& finals,
                                const std::function<void(std::uint64_t, std::uint64_t)>& progress);

// Whether `records` records fit a dedupe_set (ranked: and its key_rankings) within
// memory_bytes, were all distinct.
[[nodiscard]] bool share_fits_in_memory(std::uint64_t records, bool with_origins,
                                        std::uint64_t memory_bytes, bool ranked = false) noexcept;

}  // namespace fenbatch::pipeline::detail
