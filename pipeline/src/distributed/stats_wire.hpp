// The statistics of a distributed run's ranks on their way to rank 0: every field of
// run_stats to bytes and back (encode_stats, decode_stats), and how rank 0 joins the parts
// (merge_rank_stats) and the diagnostic lines the ranks collected (merge_rank_diagnostics).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::pipeline::detail {

[[nodiscard]] std::string encode_stats(const run_stats& stats);
// Throws std::runtime_error when `bytes` is not what encode_stats() wrote.
[[nodiscard]] run_stats decode_stats(std::string_view bytes);

// The whole run's statistics from its ranks' parts, in rank order (input order): as
// run_stats::merge, except
// - most_repeated: a rank's counts are final counts (its lines' occurrences counted over all
//   ranks), so a key listed by several ranks keeps the largest count, not their sum;
// - reference: every rank read the same reference files: the first part's;
// - memory: the first part's, with partitioned if any part's, and partitions and temp_bytes
//   summed.
[[nodiscard]] run_stats merge_rank_stats(const std::vector<run_stats>& parts,
                                         unsigned samples_per_reason);

// The diagnostic lines rank 0 prints, from each rank's (in rank order) and its statistics: the
// invalid-line samples (the lines matching parts[r].invalid_samples, in order) kept to the
// first samples_per_reason per reason over all ranks, as one process would have printed them;
// every other line (warnings, notices) kept, in rank order.
[[nodiscard]] std::vector<std::string> merge_rank_diagnostics(
    const std::vector<std::vector<std::string>>& lines, const std::vector<run_stats>& parts,
    unsigned samples_per_reason);

}  // namespace fenbatch::pipeline::detail
