// --exclude: the keys of every valid line of the reference files, read before the run with the
// same machinery as its inputs (input_reader, then the parallel stage's per-line work on each
// chunk: any input format, compressed too, the run's decode options and key). Read-only once
// loaded, so the parallel stage looks keys up from every thread.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "dedupe/dedupe_set.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "input/input_options.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// The set of the references' keys (null when there are none), each read whole with `reading`
// in chunks of `chunk_size` bytes, and what the references held in `stats`. Invalid lines are
// counted there and do not fail the run; a missing or unreadable reference throws an I/O
// error; a reference without a valid line gets a warning through `listeners`. One thread:
// references are usually test sets, small beside the corpus (see the user documentation for
// the measured rate).
[[nodiscard]] std::unique_ptr<const dedupe_set> load_reference_set(
    const std::vector<reference_input>& references, const input_options& reading,
    std::size_t chunk_size, const run_listeners& listeners, reference_stats& stats);

}  // namespace fenbatch::pipeline::detail
