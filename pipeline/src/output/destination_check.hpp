// Before anything is opened: every path the run writes differs from every input and from every
// other written path (the output may be the single input: in place), and at most one written
// stream is standard output.
#pragma once

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::pipeline::detail {

// Throws pipeline::config_error naming the clash.
void check_destinations(const run_config& config);

}  // namespace fenbatch::pipeline::detail
