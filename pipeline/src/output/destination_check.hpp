// Before anything is opened, the paths a run reads and writes are checked against each other
// by what they lead to (device and inode, through symlinks, hard links and descriptors such as
// /dev/fd/N and standard output; where no file exists yet, the name it would be created under):
// - no written path is an input or an --exclude reference, but for in place: the output may
//   be the single input when it replaces it by rename (a regular file named by a name that is
//   not a descriptor), and not with --max-bytes (it would cut the file);
// - no two written paths are one file, and at most one written stream is standard output;
// - no stream (standard input, a pipe, a FIFO, a socket) and no descriptor is read twice;
// - no name is empty (the output, an input, a reference);
// - a --split file is written like the output: it replaces anything but a path read or
//   written otherwise (never in place);
// - a side file (--rejects, --stats-json, --report, --duplicates, --counts) replaces only an
//   empty file or one of its own kind (side_file_kinds.hpp).
// Character devices (/dev/null, a terminal) never clash as destinations: writing them
// replaces nothing.
#pragma once

#include <vector>

#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// Throws pipeline::config_error naming the clash: the options and the path.
void check_destinations(const output_options& outputs, const input_slice& inputs,
                        const std::vector<reference_input>& references);

}  // namespace fenbatch::pipeline::detail
