// run(): the options resolved once (plan/resolved_run.hpp), then the run's phases in turn
// (run_phases.hpp).

#include "fenbatch/pipeline/run.hpp"

#include "plan/resolved_run.hpp"
#include "run/run_phases.hpp"

namespace fenbatch::pipeline {

run_stats run(const run_config& config) {
  const detail::resolved_run resolved = detail::resolve_run(config);
  return detail::run_whole(resolved);
}

}  // namespace fenbatch::pipeline
