// Dedupe across the ranks of a distributed run, behind the key_partitions interface that a
// dedupe past memory uses on one machine (dedupe/key_partitions.hpp). Every chunk is deferred:
//   pass 1 (add_chunk): each valid line's key (and with origins its global origin) goes to a
//     spill file of the rank that owns the key (key_owner.hpp), in input order;
//   pass 2 (resolve): the ranks exchange those records in bounded rounds (all_to_all, at most
//     round_bytes sent per rank per round, whatever the corpus); each owner keeps what it
//     receives per source rank, in order, then deduplicates its keys as one process would:
//     sources in rank order (which is input order), in a dedupe_set when every record could be
//     a distinct key within its memory share, else in partitioned_dedupe on its disk; and sends
//     each source its lines' decisions (occurrence, first origin) and its first occurrences'
//     final counts back in the same bounded rounds;
//   pass 3 (next, final_count): each line's decision, read back from the stream of its key's
//     owner, in input order.
// Each line's decision is exactly the one a single process would make: the owner sees the
// key's lines in input order. Failures inside the exchange are held until the next agree().
//
// resolve() agrees four times, at the same points on every rank: before the key exchange (a
// failure to make this rank's files, held since construction, is reported here), after it,
// after the owner's dedupe, and after the decisions' and final counts' exchanges. A failure
// between two points is held (the rank sends nothing in the remaining rounds). add_chunk()
// throws to its caller (a failed spill write; more than max_global_origin_lines lines of one
// input), which must then report it at the first of those points.
// On the wire, per line: its key to the owner, 16 bytes (24 with origins); its decision back,
// 4 bytes (12 with origins); with final counts 4 bytes more per first occurrence.
// Memory: about four rounds (round_bytes) in an exchange; the owner's set (within
// memory_bytes) or partitions (memory_bytes); spill buffers of 4-64 KiB, two per rank of the
// run at most at once (within a quarter of memory_bytes where it allows 4 KiB each).
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>

#include "dedupe/key_partitions.hpp"
#include "distributed/communicator.hpp"

namespace fenbatch::pipeline::detail {

struct distributed_dedupe_options {
  // This rank's: temporary directory, memory for its share of the keys (the set or the
  // partitions), threads, with_origins, final_counts.
  partitioned_dedupe_options partitions;
  // Bytes one rank sends in one exchange round, to all owners together.
  std::size_t round_bytes = std::size_t{16} << 20;
  // Called by every rank at the same points (before, between and after the exchanges) with
  // its failure or none; throws on every rank when any failed (failure_agreement.hpp).
  std::function<void(const std::exception_ptr&)> agree;
};

class distributed_dedupe final : public key_partitions {
 public:
  distributed_dedupe(const communicator& comm, distributed_dedupe_options options);
  ~distributed_dedupe() override;

  void add_decided(const core::position_key& key, std::uint32_t count,
                   std::uint64_t first_origin) override;  // never: throws std::logic_error
  void add_chunk(const chunk& c, bool with_origins) override;
  void resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress) override;
  partition_decision next(const core::position_key& key) override;
  std::uint32_t final_count(const core::position_key& key) override;

  // This rank's share: distinct keys it owns; leaf partitions (0 when its share fit in
  // memory); temporary bytes written (spills, received records, decisions).
  [[nodiscard]] std::uint64_t unique() const noexcept override;
  [[nodiscard]] std::uint64_t partitions() const noexcept override;
  [[nodiscard]] std::uint64_t temp_bytes_written() const noexcept override;
  // Bytes this rank sent to other ranks (records and decisions; not to itself).
  [[nodiscard]] std::uint64_t bytes_sent() const noexcept;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace fenbatch::pipeline::detail
