// stream_run(): run() with the written records going to the caller's sink (record_stream.hpp).
// The resolved run says so in two flags: no output file (output_options::streamed), and each
// kept line's index kept (line_options::with_sources), so that the write stage can say where
// each record came from.

#include "fenbatch/pipeline/record_stream.hpp"

#include "fenbatch/pipeline/config_error.hpp"
#include "plan/resolved_run.hpp"
#include "run/run_phases.hpp"

namespace fenbatch::pipeline {

run_stats stream_run(const run_config& config, const record_sink& sink) {
  if (!config.splits.empty()) {
    throw config_error("--split is not for a stream: its records go to files, not to the caller");
  }
  detail::resolved_run resolved = detail::resolve_run(config);
  resolved.outputs.streamed = true;
  resolved.lines.with_sources = true;
  return detail::run_whole(resolved, &sink);
}

}  // namespace fenbatch::pipeline
