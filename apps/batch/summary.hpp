// What fenbatch says on stderr about a run: the progress line, the invalid-line summary and the
// --stats summary. Labels and values come from the counters' one list (run_counters.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::app {

// 1234567 as "1,234,567".
[[nodiscard]] std::string with_commas(std::uint64_t n);

// "fenbatch: 7 invalid lines (rank_width 5, field_count 2)": the reasons that occurred.
void print_invalid_summary(const pipeline::run_stats& s);

// The --stats summary.
void print_stats(const pipeline::run_stats& s, const pipeline::run_config& config);

// The --stats line on the budget: "memory: 512 MiB budget (--memory-limit); dedupe in memory",
// or "...; partitioned after 12,345,678 lines, 256 partitions, 1.2 GiB temporary".
[[nodiscard]] std::string memory_summary(const pipeline::memory_stats& m);
// fenbatch-mpi's --stats line: "ranks: 4; 1.2 GiB exchanged for dedupe (24.0 bytes per line),
// 300 MiB of parts joined on rank 0".
[[nodiscard]] std::string distribution_summary(const pipeline::distribution_stats& d,
                                               std::uint64_t lines);

// The progress line's text, padded with spaces to progress_columns: bytes read, rate and ETA;
// for a partitioned run its pass first ("pass 1/3 reading, ", "pass 2/3 deduplicating
// partitions 12/256", "pass 3/3 writing, ").
inline constexpr std::size_t progress_columns = 78;
[[nodiscard]] std::string progress_text(const pipeline::progress_info& p);

// The progress line (a carriage return, then progress_text), for run_config::progress.
void show_progress(const pipeline::progress_info& p);

}  // namespace fenbatch::app
