// The parallel stage's work on a chunk of CSV, TSV or JSON-lines records: the position is read
// from one field, validated and normalized by the core, and written back into that field with
// every other byte of the record unchanged; counted, keyed and reported as FEN lines are.
#pragma once

#include <cstddef>

#include "fenbatch/pipeline/run_config.hpp"
#include "stages/chunk.hpp"

namespace fenbatch::pipeline::detail {

// As process() (stages/process_chunk.hpp) for a chunk whose layout is set.
void process_field_records(chunk& c, const run_config& config, std::size_t shard_count);

}  // namespace fenbatch::pipeline::detail
