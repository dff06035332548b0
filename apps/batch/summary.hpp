// What fenbatch says on stderr about a run: the progress line, the invalid-line summary and the
// --stats summary. Labels and values come from the counters' one list (run_counters.hpp).
#pragma once

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

// The progress line (a carriage return, no newline), for run_config::progress.
void show_progress(const pipeline::progress_info& p);

}  // namespace fenbatch::app
