// The parallel stage's work on one chunk: every line decoded, validated, normalized, written
// out canonically, keyed (with dedupe) and counted.
#pragma once

#include <cstddef>

#include "chunks/chunk.hpp"
#include "dedupe/dedupe_set.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// Fills the chunk's text, valid and invalid lines and partial counts from its input; with
// dedupe, also its keys grouped into `shard_count` dedupe shards. A valid line whose key is in
// `excluded` (the --exclude reference set; may be null) is counted as excluded and dropped.
void process(chunk& c, const line_options& lines, std::size_t shard_count,
             const dedupe_set* excluded = nullptr);

}  // namespace fenbatch::pipeline::detail
