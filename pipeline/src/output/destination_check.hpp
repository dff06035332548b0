// Before anything is opened: every path the run writes differs from every input and from every
// other written path (the output may be the single input: in place), and at most one written
// stream is standard output. Paths are the same when they name the same file (device and inode,
// through symlinks and hard links), or, where no file exists yet, the same resolved name (the
// directory's real path and the base name). Character devices (/dev/null, a terminal) never
// clash: writing them replaces nothing.
//
// A side file (--rejects, --stats-json, --report, --duplicates, --counts) also refuses to
// replace an existing regular file that is plainly not one it wrote: one whose first record is
// a FEN/EPD position, for --stats-json anything but a JSON object, for --report anything but an
// HTML document. That is the mark of a forgotten argument (`--stats-json in.fen out.fen` takes
// in.fen as the JSON file).
#pragma once

#include "fenbatch/pipeline/run_config.hpp"

namespace fenbatch::pipeline::detail {

// Throws pipeline::config_error naming the clash: the options and the path.
void check_destinations(const run_config& config);

}  // namespace fenbatch::pipeline::detail
