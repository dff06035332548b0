// --exclude: the keys of every valid line of the reference files, read before the run with the
// same machinery as its inputs (input_reader, then the parallel stage's per-line work on each
// chunk: any input format, compressed too, the run's decode options and key). Read-only once
// loaded, so the parallel stage looks keys up from every thread.
#pragma once

#include <memory>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "stages/dedupe_set.hpp"

namespace fenbatch::pipeline::detail {

// The reference set of config.exclude_paths (null when there are none), and what the
// references held in `stats`. Invalid lines are counted there and do not fail the run; a
// missing or unreadable reference throws an I/O error; a reference without a valid line gets
// a warning through run_config::diagnostic. One thread: references are usually
// test sets, small beside the corpus (see the user documentation for the measured rate).
[[nodiscard]] std::unique_ptr<const dedupe_set> load_reference_set(const run_config& config,
                                                                   reference_stats& stats);

}  // namespace fenbatch::pipeline::detail
