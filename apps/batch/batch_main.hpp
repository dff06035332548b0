// What fenbatch and fenbatch-mpi share from main() on: parse the command line, run, print the
// diagnostics, summary and statistics, and map the outcome to an exit status (0 success, 1
// --max-invalid exceeded or no valid line at all, 2 usage or I/O error), as ripgrep and GNU
// sort do. The programs differ only in how they run and who prints.
#pragma once

#include <functional>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::app {

struct command_line;

// What a command line came to, before anything runs.
struct parse_outcome {
  const command_line* run = nullptr;  // the run it asks for
  const char* error = nullptr;        // the error it was refused with (printed afterwards)
  // Neither: --help, --version or --list-reasons (printed afterwards; nothing to run).
};

struct batch_program {
  const char* name = "fenbatch";  // in messages: "fenbatch: in.fen: No such file..."
  std::function<pipeline::run_stats(const pipeline::run_config&)> run;
  // Whether this process prints (fenbatch-mpi: rank 0; the others run quietly).
  bool prints = true;
};

// fenbatch-mpi's: called once, whatever the command line came to (a closed standard error
// included), before anything is printed, opened or run, so that its ranks agree on it. May
// throw (exit 2, its message printed where `prints`) to stop the run.
using agreement_hook = std::function<void(const parse_outcome&)>;

constexpr int exit_success = 0;
constexpr int exit_too_many_invalid = 1;  // also: no valid line at all
constexpr int exit_error = 2;

// Installs the signal cleanup and runs the command line; returns the exit status.
int batch_main(int argc, char** argv, const batch_program& program,
               const agreement_hook& agree = {});

}  // namespace fenbatch::app
