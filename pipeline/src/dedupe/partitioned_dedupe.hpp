// Dedupe past the memory budget. Once the in-memory set would outgrow the budget, the run
// switches: the keys it holds so far (decided in memory) and every later valid line's key are
// written to partition files by key bits (pass 1); each partition is then deduplicated on its
// own in memory, sized to fit, split further when it does not (pass 2); and the decisions are
// read back in input order, line by line, as the dedupe stage would have made them (pass 3).
// A key's lines all land in one partition, in input order, so each partition's decisions are
// exactly the in-memory set's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "fenbatch/core/position_key.hpp"

namespace fenbatch::pipeline::detail {

struct partitioned_dedupe_options {
  std::string temp_dir;            // where the partition files go (unnamed: spill_file)
  std::uint64_t memory_bytes = 0;  // for everything this object allocates, at any time
  unsigned threads = 1;            // pass 2 deduplicates this many partitions at once
  // Decisions carry each key's first occurrence's origin (--counts, --duplicates).
  bool with_origins = false;
  // --counts: final_count() gives each first occurrence's final count after pass 3.
  bool final_counts = false;
  // --keep last, --min-count: each decision carries its key's final count (no key is decided
  // before the partitions: every line is added); with last_origins (--keep last with
  // --duplicates) the origin a decision carries is the key's last occurrence's.
  bool finals_in_decisions = false;
  bool last_origins = false;
  // --keep max/min (with finals in decisions): --max-per-position (0: not ranked); add() gives
  // each line's standing (ranked_standing.hpp); a decision's occurrence is the line's rank
  // among its key's best ranked_places lines (key_rankings.hpp) and its origin the key's best
  // line's.
  std::uint32_t ranked_places = 0;
  std::uint64_t expected_lines = 0;  // about how many add() calls will come (0: unknown)
};

class partitioned_dedupe {
 public:
  // Throws an I/O error when the temporary files cannot be made.
  explicit partitioned_dedupe(const partitioned_dedupe_options& options);
  ~partitioned_dedupe();
  partitioned_dedupe(const partitioned_dedupe&) = delete;
  partitioned_dedupe& operator=(const partitioned_dedupe&) = delete;

  // Pass 1. A key the in-memory set decided before the switch: its count so far and (with
  // origins) its first occurrence's origin. Any order, all before the first add().
  void add_decided(const core::position_key& key, std::uint32_t count, std::uint64_t first_origin);
  // Each valid line after the switch, in input order: its key and (with origins) its origin
  // (line_origin; increasing, and above every decided key's).
  // Ranked: `standing`, the line's.
  void add(const core::position_key& key, std::uint64_t origin, std::uint64_t standing = 0);

  // Pass 2: deduplicates every partition. `progress(done, total)` after each partition (from
  // one thread at a time). Throws an I/O error on a failed temporary file.
  void resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

  struct decision {
    std::uint32_t occurrence = 0;    // the key's count with this line (1: its first occurrence)
    std::uint64_t first_origin = 0;  // with origins: its key's first (or last) occurrence's origin
    std::uint32_t final_count = 0;   // with finals in decisions: its key's count of lines
  };
  // Pass 3: the decision for the next line added, in the order of add(); `key` is its key.
  decision next(const core::position_key& key);

  // With final_counts, after pass 3: the final count of the next first occurrence, in order of
  // first occurrence (the decided keys by first origin, then the added lines' first
  // occurrences); `key` is its key.
  std::uint32_t final_count(const core::position_key& key);

  // After resolve(): distinct keys (decided and added), leaf partitions deduplicated.
  [[nodiscard]] std::uint64_t unique() const noexcept;
  [[nodiscard]] std::uint64_t partitions() const noexcept;
  // Bytes written to temporary files so far.
  [[nodiscard]] std::uint64_t temp_bytes_written() const noexcept;

  // At most this many temporary bytes per add() and per decided key (free-space estimates).
  // (A partition that splits writes its records and decisions once more per split level, for
  // a while: temp_bytes_written() counts them; its parent's records are given back after.)
  // (finals_in_decisions: 4 more bytes a decision, and 4 a line in a leaf's scratch file.)
  // (ranked: 8 more bytes a line.)
  [[nodiscard]] static std::uint64_t temp_bytes_per_line(bool with_origins, bool final_counts,
                                                         bool finals_in_decisions = false,
                                                         bool ranked = false) noexcept;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace fenbatch::pipeline::detail
