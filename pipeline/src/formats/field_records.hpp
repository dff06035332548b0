// The parallel stage's work on a chunk of CSV, TSV or JSON-lines records: the position is read
// from one field, validated and normalized by the core, and written back into that field with
// every other byte of the record unchanged; counted, keyed and reported as FEN lines are.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "fenbatch/pipeline/run_config.hpp"
#include "stages/chunk.hpp"

namespace fenbatch::pipeline::detail {

// As process() (stages/process_chunk.hpp) for a chunk whose layout is set.
void process_field_records(chunk& c, const run_config& config, std::size_t shard_count);

// The canonical position text in a record line as process_field_records wrote it (without its
// LF): the field's content, unquoted or decoded (into `scratch` where needed). For the
// statistics and side files that show positions, not records.
[[nodiscard]] std::string_view written_position(const record_layout& layout, std::string_view line,
                                                std::string& scratch);

}  // namespace fenbatch::pipeline::detail
