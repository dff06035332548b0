// The run's options and what it ran with (threads, memory, ranks, version, decoder), as a
// table at the end of the page.
#pragma once

#include "fenbatch/pipeline/run_stats.hpp"
#include "plan/resolved_run.hpp"
#include "report/report_page.hpp"

namespace fenbatch::pipeline::detail {

void write_options(page& p, const run_stats& s, const report_options& asked);

}  // namespace fenbatch::pipeline::detail
