// The "Moves" options of the command line (issue 29): --apply-moves FIELD[:N],
// --exclude-apply-moves FIELD[:N], --check-move FIELD. Beside command_line.cpp, which reads
// them with the rest.
#pragma once

#include <boost/program_options/options_description.hpp>
#include <string>

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::app {

// The values as typed.
struct move_texts {
  std::string apply, exclude_apply, check;
};

// The group as --help shows it, read into `texts`.
[[nodiscard]] boost::program_options::options_description move_options(move_texts& texts);

// The values into `config`: FIELD[:N] split at its last ':' (N a count of moves, 1 or more;
// without it every move); a bad one is a usage_error saying what is allowed.
void read_moves(const move_texts& texts, pipeline::run_config& config);

}  // namespace fenbatch::app
