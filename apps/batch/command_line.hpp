// fenbatch's command line: the options, read into a run_config and the app's own settings.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::app {

// A bad option or value: fenbatch prints it with "Try 'fenbatch --help'." and exits 2.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What the command line asks for.
struct command_line {
  pipeline::run_config config;
  bool print_stats = false;
  bool quiet = false;
  bool progress = true;
  std::optional<std::uint64_t> max_invalid;
};

// The run the command line asks for, or nothing when it asked for --help or --version (printed
// on stdout here). Throws usage_error for bad options and values, and std::runtime_error when
// FENBATCH_FORCE_IMPL names a decoder this build or CPU cannot run.
// `prints`: whether --help, --version and --list-reasons print (fenbatch-mpi: rank 0 only);
// `program`: the name they print.
[[nodiscard]] std::optional<command_line> parse_command_line(int argc, char** argv,
                                                             bool prints = true,
                                                             std::string_view program = "fenbatch");

}  // namespace fenbatch::app
