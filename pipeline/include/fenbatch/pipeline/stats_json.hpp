// The statistics as a JSON document, described by docs/stats.schema.json (schema_version 1):
// the document a run of `config` writes to its --stats-json file.
#pragma once

#include <string>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::pipeline {

std::string to_json(const run_stats& stats, const run_config& config);

}  // namespace fenbatch::pipeline
