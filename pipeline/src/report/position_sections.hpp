// The page's account of the positions: side to move, castling, boards, pieces and material
// (over the valid lines and the lines written), and the most repeated positions as boards.
#pragma once

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "report/report_page.hpp"

namespace fenbatch::pipeline::detail {

void write_positions(page& p, const run_stats& s);

void write_most_repeated(page& p, const run_stats& s, const run_config& config);

}  // namespace fenbatch::pipeline::detail
