// The statistics of a distributed run's ranks on their way to rank 0: every field of
// run_stats to bytes and back (encode_stats, decode_stats), and how rank 0 joins the parts
// (merge_rank_stats) and the diagnostic lines the ranks collected (merge_rank_diagnostics).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::pipeline::detail {

// Little-endian and length-prefixed, after a magic word, a version and the number of counts
// (so that builds with different counter lists refuse each other's bytes); the counters are
// walked from their one list (run_counters.hpp), so that a counter added there travels too.
// wall_seconds travels as its exact bits.
[[nodiscard]] std::string encode_stats(const run_stats& stats);
// Throws std::runtime_error when `bytes` is not what encode_stats() wrote: truncated, with
// bytes after the end, another magic word, version or counter list, a flag other than 0 or 1,
// a sample's reason that is not an error, a material signature listed twice.
[[nodiscard]] run_stats decode_stats(std::string_view bytes);

// The whole run's statistics from its ranks' parts, in rank order (input order): as
// run_stats::merge, except
// - most_repeated: a rank's counts are final counts (its lines' occurrences counted over all
//   ranks), so a key listed by several ranks keeps the largest count, not their sum (its text
//   from the first part listing it), ranked by count, then key, and cut to top;
// - invalid_samples: the first samples_kept_per_reason(samples_per_reason) per reason (at
//   most 100) over all parts in rank order
//   (the first part's cut too), exactly those whose lines merge_rank_diagnostics keeps;
// - inputs_changed: a path listed by an earlier part is not listed again (ranks that read
//   parts of one file each saw it change);
// - reference: every rank read the same reference files: the first part's;
// - memory: the first part's limit_bytes and limit_source, partitioned if any part's,
//   partitions and temp_bytes summed, lines_before_switch 0 (each rank switches after its
//   own lines: there is no whole-run count).
// No parts: empty statistics.
[[nodiscard]] run_stats merge_rank_stats(const std::vector<run_stats>& parts,
                                         unsigned samples_per_reason);

// The diagnostic lines rank 0 prints, from each rank's (in rank order) and its statistics
// (parts[r], not yet merged). A rank's lines quote its invalid-line samples
// (stages/reject_report.cpp: "FILE:LINE:COLUMN: reason: text"), in the order of
// parts[r].invalid_samples, among other lines; a sample's line is the next line starting with
// the prefix built from that sample (never parsed from the text). Kept: the lines of the
// samples merge_rank_stats keeps, as one process would have printed them, and every other line
// (warnings, notices) in rank order, but for lines an earlier rank already printed (the same
// warning about a file that several ranks read).
[[nodiscard]] std::vector<std::string> merge_rank_diagnostics(
    const std::vector<std::vector<std::string>>& lines, const std::vector<run_stats>& parts,
    unsigned samples_per_reason);

}  // namespace fenbatch::pipeline::detail
