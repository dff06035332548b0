// The page's account of the lines: the summary (counts, the outcome bar, speed and time), why
// lines were rejected (reasons and the first invalid lines), and each input.
#pragma once

#include <chrono>

#include "fenbatch/pipeline/run_stats.hpp"
#include "plan/resolved_run.hpp"
#include "report/report_page.hpp"

namespace fenbatch::pipeline::detail {

// The counts and the outcome bar first: the page's first screen on a laptop or a phone.
void write_summary(page& p, const run_stats& s, const report_options& asked,
                   std::chrono::system_clock::time_point finished);

void write_reasons(page& p, const run_stats& s);

void write_inputs(page& p, const run_stats& s, const report_options& asked);

}  // namespace fenbatch::pipeline::detail
