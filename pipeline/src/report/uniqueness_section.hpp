// --uniqueness in the report: a table of the distinct positions under each identity, an
// estimate marked with its relative standard error. Nothing without the option.
#pragma once

#include "fenbatch/pipeline/run_stats.hpp"
#include "report/report_page.hpp"

namespace fenbatch::pipeline::detail {

void write_uniqueness(page& p, const run_stats& s);

}  // namespace fenbatch::pipeline::detail
