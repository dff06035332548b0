// A run_config that cannot run as given (a written path that is also an input, two streams
// on standard output, bad option values): the command line reports it as a usage error.
#pragma once

#include <stdexcept>

namespace fenbatch::pipeline {

struct config_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace fenbatch::pipeline
