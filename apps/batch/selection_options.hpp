// The "Selection" options of the command line (issue 28): which valid lines are kept. Beside
// command_line.cpp, which reads them with the rest.
#pragma once

#include <boost/program_options/options_description.hpp>
#include <string>
#include <vector>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::app {

// The texts of the options read here rather than by Boost (--split, --sample and the seeds).
struct selection_texts {
  std::vector<std::string> splits;
  std::string split_seed, sample, sample_seed;
};

// The group as --help shows it, read into `config` and `texts`.
[[nodiscard]] boost::program_options::options_description selection_options(
    pipeline::run_config& config, selection_texts& texts);

// Each --where compiled once, before anything is opened: the first that does not compile is a
// usage_error, one line quoting it with a caret at the fault (pipeline/where_check.hpp).
// --split and --sample read into `config` (fractions exact, names unique, the splits' sum at
// most 1), the seeds as numbers; each refusal a usage_error.
void check_selection(pipeline::run_config& config, const selection_texts& texts);

// A remark on a selection that is allowed but likely not meant (a sample and splits under one
// seed: the sample then takes whole splits), or empty.
[[nodiscard]] std::string selection_notice(const pipeline::run_config& config);

}  // namespace fenbatch::app
