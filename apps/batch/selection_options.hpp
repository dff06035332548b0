// The "Selection" options of the command line (issue 28): which valid lines are kept. Beside
// command_line.cpp, which reads them with the rest.
#pragma once

#include <boost/program_options/options_description.hpp>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::app {

// The group as --help shows it, read into `config`.
[[nodiscard]] boost::program_options::options_description selection_options(
    pipeline::run_config& config);

// Each --where compiled once, before anything is opened: the first that does not compile is a
// usage_error, one line quoting it with a caret at the fault (pipeline/where_check.hpp).
void check_selection(const pipeline::run_config& config);

}  // namespace fenbatch::app
