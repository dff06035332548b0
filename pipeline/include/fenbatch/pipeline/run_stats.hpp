// What a run found: the counters (run_counters.hpp) and what does not simply add up: the
// material table, the most repeated positions, samples of invalid lines, inputs that changed,
// timing. merge() combines the statistics of parts of one run (dedupe shards, spill
// partitions, processes), so every part reports the way a whole run does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/pipeline/run_counters.hpp"
#include "fenbatch/pipeline/top_lists.hpp"
#include "fenbatch/pipeline/uniqueness_stats.hpp"

namespace fenbatch::pipeline {

// The most samples of invalid lines a run keeps per reason, whatever --samples asks: every
// sample is quoted on stderr and listed in the statistics, so what they take (memory, the
// document, the terminal, and in a distributed run what every rank sends to rank 0) must not
// grow with the input: 100 per reason, 3,700 at most over the 37 reasons. --rejects lists every
// invalid line. A cap rather than a share of the memory budget, so that the statistics
// of a run do not depend on the machine or the budget.
inline constexpr unsigned max_samples_per_reason = 100;

// The samples kept per reason for `asked` (run_config::samples_per_reason).
[[nodiscard]] constexpr unsigned samples_kept_per_reason(unsigned asked) noexcept {
  return asked < max_samples_per_reason ? asked : max_samples_per_reason;
}

// Where an invalid line was: the same lines as the stderr samples, in input order.
struct invalid_sample {
  // The file as the stderr line and the rejects file name it (chunks/line_places.hpp,
  // display_name: quoted as ls quotes it where needed; "<stdin>" for standard input).
  std::string file;
  std::uint64_t line = 0;    // 1-based, per input file
  std::uint32_t column = 0;  // 1-based byte column in the line
  std::uint64_t offset = 0;  // byte offset of the line's start in its (decompressed) file
  core::fen_errc reason = core::fen_errc::ok;
  friend bool operator==(const invalid_sample&, const invalid_sample&) = default;
};

// One input's part of the counters (lines, valid, invalid by reason, duplicates, excluded...).
struct input_stats {
  std::string path;  // as given; "-" is standard input
  run_counters counts;
  friend bool operator==(const input_stats&, const input_stats&) = default;
};

// What the --exclude reference files held.
struct reference_stats {
  std::uint64_t files = 0;
  std::uint64_t lines = 0;
  std::uint64_t valid = 0;
  std::uint64_t invalid = 0;    // counted here only: they do not fail the run
  std::uint64_t positions = 0;  // distinct keys
  friend bool operator==(const reference_stats&, const reference_stats&) = default;
};

// The memory budget and how dedupe kept to it. Not part of what runs must agree on: the
// output, rejects and every other statistic are the same in both modes.
struct memory_stats {
  std::uint64_t limit_bytes = 0;  // the budget
  // What set it: "--memory-limit", "physical memory", "cgroup memory.max" (v2),
  // "cgroup memory.limit_in_bytes" (v1), "RLIMIT_AS" or "RLIMIT_DATA".
  std::string limit_source;
  bool partitioned = false;  // dedupe switched to partitions on disk
  // With partitioned: lines read before the switch (decided in memory), leaf partitions
  // deduplicated, and bytes written to temporary files.
  std::uint64_t lines_before_switch = 0;
  std::uint64_t partitions = 0;
  std::uint64_t temp_bytes = 0;
  friend bool operator==(const memory_stats&, const memory_stats&) = default;
};

// How a distributed run (fenbatch-mpi) shared the work; all 0 for one process. Not compared
// between runs: everything else is the same whatever the ranks.
struct distribution_stats {
  std::uint64_t ranks = 0;
  // Bytes sent between ranks for dedupe (keys and origins to their owners, decisions back),
  // and the other ranks' parts of the files sent to rank 0 (0 where every rank wrote its part
  // at its offset in the final files, on a file system they all share).
  std::uint64_t bytes_exchanged = 0;
  std::uint64_t bytes_joined = 0;
  friend bool operator==(const distribution_stats&, const distribution_stats&) = default;
};

// Counts per item of a list that parts share (filtered_by_where): `from`'s added to `into`'s,
// item by item, the longer list's extra items kept.
void add_index_wise(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from);

struct run_stats : run_counters {
  // Per input, in the order of run_config::inputs.
  std::vector<input_stats> inputs;
  reference_stats reference;
  // Inputs that changed (size or modification time) while they were read, and whether
  // reading stopped at run_config::max_bytes.
  std::vector<std::string> inputs_changed;
  bool stopped_at_max_bytes = false;

  // The length of the ranked lists (run_config::top, set by whoever builds these statistics).
  std::size_t top = top_list_length;
  // Valid lines (before dedupe) by material signature (core::material_signature): the whole
  // table, so that merging is exact; top_material() ranks it.
  std::unordered_map<std::uint64_t, std::uint64_t> material;
  // The same over the lines written (after dedupe and --exclude); top_written_material().
  std::unordered_map<std::uint64_t, std::uint64_t> written_material;
  // The `top` positions counted most often (with dedupe), by count, then key.
  std::vector<repeated_position> most_repeated;
  // Up to samples_kept_per_reason(samples_per_reason) per reason.
  std::vector<invalid_sample> invalid_samples;
  // With --where, per expression in the order given: the valid lines it filtered, each line
  // under the first expression that did not hold for it (so they sum to `filtered`). Empty
  // without --where.
  std::vector<std::uint64_t> filtered_by_where;
  // Per expression, of the lines it filtered: those that had a `$NAME` field it reads missing
  // (a typo in a name shows here). Empty without --where.
  std::vector<std::uint64_t> missing_by_where;
  // With --uniqueness: the distinct positions under each identity; unset without it.
  std::optional<uniqueness_stats> uniqueness;
  // With --split, per split in the order given: the lines written to its file (within
  // `written`, which counts the output's and every split's). Empty without --split.
  std::vector<std::uint64_t> written_by_split;

  double wall_seconds = 0;
  unsigned threads = 0;  // the threads used (run_config::threads, capped at the usable CPUs)
  memory_stats memory;   // set by run(); merge() keeps this part's
  distribution_stats distribution;  // set by run_distributed(); merge() keeps this part's

  // The `top` material signatures (text, e.g. "KQRBNPPvKRNPP", and board) of most valid
  // lines, by count, then signature; and of most lines written.
  [[nodiscard]] std::vector<counted_material> top_material() const;
  [[nodiscard]] std::vector<counted_material> top_written_material() const;

  // Adds a part's statistics to these, `later` being the part that follows in input order:
  // - counters add (associative and commutative); unique, written and duplicates are those of
  //   the whole for parts with disjoint key sets (shards, partitions by key), not for parts
  //   that share keys (a key in two parts is new to each);
  // - inputs: parts of one run over the same inputs, so index-wise: input i's counters add
  //   (its path from this part; later's extra inputs, if it has more, are appended);
  // - reference: the fields add; exact for parts that read different reference files with
  //   disjoint positions (parts that each read the same files count them twice: a caller
  //   merging those keeps one part's reference itself);
  // - material and written_material: the tables add, exactly;
  // - top: the smaller of the two (a part cut to N entries cannot supply an N+1st exactly);
  // - most_repeated: the union, the counts of a key in both added (its text from this part),
  //   ranked again and cut to top; exact for disjoint key sets, since cutting each part to
  //   its own top loses nothing then;
  // - invalid_samples: this part's, then later's, at most
  //   samples_kept_per_reason(samples_per_reason) per reason (the first ones of the input:
  //   associative, not commutative);
  // - inputs_changed: this part's, then later's; stopped_at_max_bytes: either;
  // - filtered_by_where, written_by_split: index-wise (parts of one run have the same
  //   expressions and splits);
  // - uniqueness: not merged (distinct counts do not add: a position may be in both parts);
  //   only a distributed run combines its ranks' sketches (merge_rank_stats);
  // - wall_seconds and threads: the larger (parts of one run run side by side; a caller that
  //   runs them one after another sets them itself).
  using run_counters::merge;
  void merge(const run_stats& later, unsigned samples_per_reason);
  // Two run_stats merge with the rule above, never as counters alone (which would drop the
  // rest quietly): say samples_per_reason.
  void merge(const run_stats& later) = delete;
};

}  // namespace fenbatch::pipeline
