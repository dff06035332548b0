// The run's pipeline stages, named, in the shape of oneTBB's `square` example:
//   read (or replay) -> process -> [dedupe x groups of shards, or decide] -> keep -> write
//   - read: serial, in order: the next chunk of whole lines from the inputs (pass 1);
//     replay: the deferred chunks again (pass 3);
//   - process: parallel: decode, validate, normalize, key and count every line of a chunk;
//   - dedupe: with --dedupe, one serial in-order stage per group of shards adds the chunk's
//     keys of those shards to the store (pass 1); decide: the counts of a replayed chunk's
//     lines, from the partitions (pass 3);
//   - keep: with --dedupe, parallel: the chunk's surviving lines (first occurrences, or as
//     the survivor policy says) copied together; with --split (with or without dedupe), the
//     lines written routed to their files;
//   - write: serial, in order: write_stage.hpp.
// Each body holds pointers only (oneTBB copies bodies and calls them const); what a body
// changes lives in the objects it points to. TSan is told of every hand-over of a chunk and
// of each serial stage's state (tsan_annotations.hpp).
#pragma once

#include <oneapi/tbb/parallel_pipeline.h>

#include <cstddef>
#include <cstdint>
#include <optional>

#include "chunks/chunk.hpp"
#include "chunks/chunk_pool.hpp"
#include "dedupe/dedupe_set.hpp"
#include "dedupe/dedupe_stages.hpp"
#include "dedupe/deferred_chunks.hpp"
#include "dedupe/survivor_policy.hpp"
#include "formats/record_headers.hpp"
#include "input/input_reader.hpp"
#include "plan/resolved_run.hpp"
#include "stages/write_stage.hpp"
#include "uniqueness/uniqueness_counter.hpp"

namespace fenbatch::pipeline::detail {

using chunk_source = tbb::filter<void, chunk*>;
using chunk_filter = tbb::filter<chunk*, chunk*>;

// What the read stage draws on; `next_sequence` numbers the chunks in input order.
struct read_state {
  input_reader* inputs;
  record_headers* headers;
  std::size_t chunk_size;
  std::uint64_t next_sequence = 0;
};

[[nodiscard]] chunk_source read_stage(chunk_pool& pool, read_state& state);
[[nodiscard]] chunk_source replay_stage(chunk_pool& pool, deferred_chunks& deferred);
// `excluded`: the --exclude set, or null.
[[nodiscard]] chunk_filter process_stage(const line_options& lines, std::size_t shard_count,
                                         const dedupe_set* excluded);
// Every group of shards' stage, in turn; the last keeps each deferred chunk for pass 3.
[[nodiscard]] chunk_filter dedupe_stage(dedupe_stages& dedupe, deferred_chunks& deferred);
[[nodiscard]] chunk_filter decide_stage(dedupe_stages& dedupe, const deferred_chunks& deferred,
                                        const input_reader& inputs);
// `survivors` (null without dedupe): plain dedupe keeps first occurrences
// (keep_first_occurrences), any other policy runs keep_survivors; `splits` (null: none): the
// lines written are routed. Chosen once, here.
[[nodiscard]] chunk_filter keep_stage(const survivor_policy* survivors, const split_plan* splits);
// --uniqueness, pass 1 only: one serial in-order stage per counted identity, each adding the
// chunk's keys of its identity to its counter (so the identities count side by side).
[[nodiscard]] chunk_filter counting_stage(uniqueness_counter& counter);
// Writes each chunk, releases its input and gives it back to the pool.
[[nodiscard]] tbb::filter<chunk*, void> write_filter(write_stage& writer, chunk_pool& pool);

// The one pipeline: `source`, process, then with --uniqueness `counting`, with dedupe
// `deciding` (dedupe_stage or decide_stage), then `keeping` where there is one (keep_stage),
// then write.
[[nodiscard]] tbb::filter<void, void> run_pipeline(
    const chunk_source& source, const chunk_filter& processing,
    const std::optional<chunk_filter>& deciding, const std::optional<chunk_filter>& keeping,
    const tbb::filter<chunk*, void>& writing,
    const std::optional<chunk_filter>& counting = std::nullopt);

}  // namespace fenbatch::pipeline::detail
