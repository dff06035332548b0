// The command line that fenbatch.run() and fenbatch.batches() stand for, parsed as fenbatch
// parses it (apps/batch/command_line.hpp): the Python side turns keyword arguments into
// arguments ("dedupe=True" -> "--dedupe").
#pragma once

#include <string>
#include <vector>

#include "batch/command_line.hpp"

namespace fenbatch::python {

// Throws ValueError (through app::usage_error) for bad options and values, and when the
// arguments ask for nothing to run (--help, --version, --list-reasons).
[[nodiscard]] app::command_line parse_arguments(const std::vector<std::string>& arguments);

}  // namespace fenbatch::python
