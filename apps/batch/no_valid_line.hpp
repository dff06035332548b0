// The wrong file: an input whose lines, blank and comment lines aside, are all invalid (a PGN
// file, a password file, a binary) is not FEN/EPD data, and a run without a single valid line
// must not pass as a success.
#pragma once

#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::app {

// Warns on stderr (when `warn`) about each input with lines to read and no valid one, naming
// its most common reason:
//   fenbatch: warning: in.pgn: no valid FEN/EPD line in 12 lines (most common: field_count);
//   is this a FEN/EPD file?
// Returns whether the whole run had lines to read and none valid (fenbatch then exits 1).
// Empty inputs and inputs of only blank and comment lines are no warning.
bool report_inputs_without_valid_lines(const pipeline::run_stats& stats, bool warn);

}  // namespace fenbatch::app
