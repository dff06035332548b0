// The parallel stage's work on one chunk: every line decoded, validated, normalized, written
// out canonically, keyed (with dedupe) and counted.
#pragma once

#include <cstddef>

#include "fenbatch/pipeline/run_config.hpp"
#include "stages/chunk.hpp"

namespace fenbatch::pipeline::detail {

// Fills the chunk's text, valid and invalid lines and partial counts from its input; with
// dedupe, also its keys grouped into `shard_count` dedupe shards.
void process(chunk& c, const run_config& config, std::size_t shard_count);

}  // namespace fenbatch::pipeline::detail
