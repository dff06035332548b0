// The command line that fenbatch.run() and fenbatch.batches() stand for, parsed as fenbatch
// parses it (apps/batch/command_line.hpp): the Python side turns keyword arguments into
// arguments ("dedupe=True" -> "--dedupe").
#pragma once

#include <string>
#include <vector>

#include "batch/command_line.hpp"
#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::python {

// Throws ValueError (through app::usage_error) for bad options and values, and when the
// arguments ask for nothing to run (--help, --version, --list-reasons).
[[nodiscard]] app::command_line parse_arguments(const std::vector<std::string>& arguments);

// The command line's exit status for a run that ended: 1 for more invalid lines than
// --max-invalid allows or no valid line at all, else 0.
[[nodiscard]] int exit_status(const app::command_line& parsed, const pipeline::run_stats& stats);

}  // namespace fenbatch::python
