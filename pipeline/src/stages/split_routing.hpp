// --split in the keep stage: each line the run writes goes to the split its position's value
// falls in (core/selection_hash.hpp), or to the output. Every occurrence of a position lands
// in one file, at any thread count, chunk size, budget or rank count: the value is a function
// of the key alone, and the lines keep their input order within each file.
#pragma once

#include <cstdint>
#include <span>

#include "chunks/chunk.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// After the keep (with dedupe: `dropped` lists the lines not written, ascending: duplicates,
// and rare lines under a survivor policy), or on its own without dedupe (`dropped` empty:
// every valid line is written, keyed by the process stage): the lines written, copied in order
// into c.kept (the output's) and c.split_text[s], counted in c.split_written; c.compacted set.
// `plan` not empty.
void route_splits(chunk& c, const split_plan& plan, std::span<const std::uint32_t> dropped);

}  // namespace fenbatch::pipeline::detail
