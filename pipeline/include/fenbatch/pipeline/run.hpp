// The batch run: inputs -> parallel decode/validate/normalize/key -> ordered dedupe and output.
// Plain structs in and out; TBB and Boost stay inside the library. This is the library's entry
// point: it gives run_config, run_stats, run() and to_json().
#pragma once

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "fenbatch/pipeline/signal_cleanup.hpp"
#include "fenbatch/pipeline/stats_json.hpp"

namespace fenbatch::pipeline {

// Runs the whole job. Output, rejects and statistics files appear only if the run succeeds
// (each through a temporary file in its directory, fsynced and renamed). Throws
// std::system_error or std::runtime_error, with the path in the message, on I/O errors.
run_stats run(const run_config& config);

}  // namespace fenbatch::pipeline
