// The "Which occurrence survives" options of the command line (issue 28): --keep,
// --max-per-position, --min-count. Beside command_line.cpp, which reads them with the rest.
#pragma once

#include <boost/program_options/options_description.hpp>
#include <string>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::app {

// The values as typed (numbers are read as text, as the other options' are).
struct survivor_texts {
  std::string keep = "first";
  std::string max_per_position = "1";
  std::string min_count = "1";
};

// The group as --help shows it, read into `texts`.
[[nodiscard]] boost::program_options::options_description survivor_options(survivor_texts& texts);

// The values into `config`; a bad one is a usage_error saying what is allowed (none of these
// options has a short form, so each is named as --NAME).
void read_survivors(const survivor_texts& texts, pipeline::run_config& config);

}  // namespace fenbatch::app
