// The HTML report of a run (the public to_html_report, html_report.hpp) from its statistics and
// the run as asked.
#pragma once

#include <chrono>
#include <string>

#include "fenbatch/pipeline/run_stats.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

[[nodiscard]] std::string report_document(const run_stats& stats, const report_options& asked,
                                          std::chrono::system_clock::time_point finished);

}  // namespace fenbatch::pipeline::detail
