// The statistics as one self-contained HTML page (--report): SVG charts and board diagrams
// drawn here, inline CSS, no script and nothing fetched, for a person to read on a screen, a
// phone or paper. The numbers are those of to_json (stats_json.hpp).
#pragma once

#include <chrono>
#include <string>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::pipeline {

// `finished` is when the run ended, printed in UTC; the page depends on nothing else.
std::string to_html_report(const run_stats& stats, const run_config& config,
                           std::chrono::system_clock::time_point finished);

}  // namespace fenbatch::pipeline
