// The page's account of the positions: side to move, castling, boards, pieces and material
// (over the valid lines and the lines written), and the most repeated positions as boards.
#pragma once

#include "fenbatch/pipeline/run_stats.hpp"
#include "plan/resolved_run.hpp"
#include "report/report_page.hpp"

namespace fenbatch::pipeline::detail {

void write_positions(page& p, const run_stats& s);

void write_most_repeated(page& p, const run_stats& s, const report_options& asked);

}  // namespace fenbatch::pipeline::detail
