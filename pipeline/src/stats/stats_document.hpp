// The statistics of a run as JSON (the public to_json, stats_json.hpp) from its statistics and
// the run as asked.
#pragma once

#include <string>

#include "fenbatch/pipeline/run_stats.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

[[nodiscard]] std::string stats_document(const run_stats& stats, const report_options& asked);

}  // namespace fenbatch::pipeline::detail
