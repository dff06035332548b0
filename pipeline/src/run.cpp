// The run: a oneTBB parallel pipeline in the shape of the oneTBB `square` example.
//   1. serial, in order: cut the next chunk of whole lines from the inputs;
//   2. parallel: decode, validate, normalize, key and count every line of a chunk;
//   3. with --dedupe, one serial in-order stage per group of dedupe shards: add the chunk's
//      keys of those shards to the set;
//   4. with --dedupe, parallel: copy the chunk's first occurrences together;
//   5. serial, in order: write them, report invalid lines, merge statistics.
// With --exclude, the reference files are read first (exclude/reference_set), and stage 2 drops
// their positions.
// Everything order-dependent happens in stages 3 and 5, which see chunks in input order, so
// output, rejects and statistics are byte-identical for any thread count and chunk size. The
// adds are the costly order-dependent part (a cache miss each): split by key into shards, each
// shard seeing its keys in input order, and the shards into stages that work on successive
// chunks at the same time, they run on as many threads as there are stages.
// Past the memory budget (dedupe_stages.hpp), the chunks after the switch only hand their
// keys to the partitions in stage 3 (pass 1); the partitions are deduplicated (pass 2); and a
// second pipeline reads those chunks again (deferred_chunks), processes them, takes their
// lines' counts from the partitions in input order instead of stage 3, and goes on as above
// (pass 3). Stages 4 and 5 see the same counts as in memory, so the results are the same.

#include "fenbatch/pipeline/run.hpp"

#include "run_part.hpp"

#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

#include "exclude/reference_set.hpp"
#include "fenbatch/pipeline/html_report.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "formats/record_headers.hpp"
#include "input/input_reader.hpp"
#include "memory/memory_budget.hpp"
#include "output/destination_check.hpp"
#include "output/output_transaction.hpp"
#include "spill/spill_file.hpp"
#include "stages/chunk.hpp"
#include "stages/chunk_pool.hpp"
#include "stages/dedupe_stages.hpp"
#include "stages/deferred_chunks.hpp"
#include "stages/ordered_stage.hpp"
#include "stages/process_chunk.hpp"
#include "stages/run_plan.hpp"
#include "stages/tsan_annotations.hpp"

namespace fenbatch::pipeline {
namespace detail {
namespace {

// A stage that works on a chunk in place and passes it on; TSan is told of the hand-over.
template <class Work>
auto chunk_stage(Work work) {
  return filter_body([work](chunk* c) {
    happens_after(c);
    work(*c);
    happens_before(c);
    return c;
  });
}

// Stage 3 for one group of dedupe shards: add the chunk's keys of those shards to the set.
// The last stage keeps each deferred chunk for pass 3.
auto add_keys(dedupe_stages& dedupe, std::size_t stage, deferred_chunks& deferred) {
  return chunk_stage([&dedupe, stage, &deferred](chunk& c) {
    happens_after(dedupe.stage_token(stage));
    const publish_on_exit published(dedupe.stage_token(stage));
    dedupe.add(c, stage);
    if (c.deferred && stage + 1 == dedupe.stage_count()) deferred.record(c);
  });
}

// Stage 4: a chunk's first occurrences together (not yet known for a deferred chunk).
tbb::filter<chunk*, chunk*> keep_stage() {
  return tbb::make_filter<chunk*, chunk*>(tbb::filter_mode::parallel, chunk_stage([](chunk& c) {
                                            if (!c.deferred) keep_first_occurrences(c);
                                          }));
}

// `processing`, then with dedupe stage 3 once per group of shards and stage 4.
tbb::filter<chunk*, chunk*> with_dedupe_stages(const tbb::filter<chunk*, chunk*>& processing,
                                               dedupe_stages& dedupe, deferred_chunks& deferred) {
  if (dedupe.stage_count() == 0) return processing;
  tbb::filter<chunk*, chunk*> filters = processing;
  for (std::size_t s = 0; s < dedupe.stage_count(); ++s) {
    filters = filters & tbb::make_filter<chunk*, chunk*>(tbb::filter_mode::serial_in_order,
                                                         add_keys(dedupe, s, deferred));
  }
  return filters & keep_stage();
}

// Pass 3's stage 3: the counts of a replayed chunk's lines, from the partitions.
tbb::filter<chunk*, chunk*> decide_stage(dedupe_stages& dedupe, const deferred_chunks& deferred,
                                         const input_reader& inputs) {
  return tbb::make_filter<chunk*, chunk*>(
      tbb::filter_mode::serial_in_order, chunk_stage([&dedupe, &deferred, &inputs](chunk& c) {
        happens_after(&dedupe);
        const publish_on_exit published(&dedupe);
        if (!deferred.same_as_first_reading(c)) {
          throw std::runtime_error(quoted_name(inputs.name(c.input.file_index)) +
                                   " changed between the passes of partitioned dedupe (its "
                                   "lines differ from the first reading); nothing was written");
        }
        dedupe.decide(c);
      }));
}

// The estimate the budget's address-space limits need: the inputs' mappings (regular
// uncompressed files are mapped whole, even when a part of a distributed run reads a range of
// one; their sizes bound them).
std::uint64_t mapped_input_bytes(const run_config& config, const input_reader& inputs) {
  return config.use_mmap ? inputs.file_bytes() : 0;
}

// --counts and --duplicates imply --dedupe: counting needs the set, and the duplicates are the
// lines dedupe drops.
run_config effective_config(const run_config& asked) {
  run_config config = asked;
  if (!config.counts_path.empty() || !config.duplicates_path.empty()) config.dedupe = true;
  return config;
}

}  // namespace

run_stats run_part(const run_config& asked, const part_of_run& part) {
  const auto started = std::chrono::steady_clock::now();
  const run_config config = effective_config(asked);
  run_plan plan = plan_run(config);  // (before any file is opened)
  record_headers headers(config);
  if (part.first_header)
    headers.assume_first_header(part.first_header->first, part.first_header->second);
  check_destinations(config);
  const std::string temp_dir = temp_directory(config.temp_dir);  // (checked by plan_run)

  // Open everything that can fail before reading a byte: inputs, then every destination; the
  // reference files are read whole before any destination is opened.
  input_reader inputs(config.inputs,
                      {config.use_mmap, config.allow_special_files, config.max_bytes}, part.ranges);
  reference_stats reference;
  const std::unique_ptr<const dedupe_set> excluded = load_reference_set(config, reference);
  const memory_budget budget = choose_memory_budget(config.memory_limit, read_memory_limits(),
                                                    mapped_input_bytes(config, inputs));
  fit_to_memory(plan, budget.bytes, excluded ? excluded->memory_bytes() : 0);
  if (config.dedupe_memory_bytes != 0) {
    plan.partition_bytes = config.dedupe_memory_bytes;
    plan.set_bytes = config.dedupe_memory_bytes / 4 * 3;
  }
  const auto notice = [&config](std::string_view text) {
    if (config.diagnostic) config.diagnostic(text);
  };
  output_transaction files(config, plan.threads, notice);

  dedupe_plan dedupe_parts;
  dedupe_parts.shard_count = plan.shard_count;
  dedupe_parts.stage_count = plan.dedupe_stage_count;
  dedupe_parts.with_origins = needs_origins(config);
  dedupe_parts.final_counts = !config.counts_path.empty();
  dedupe_parts.memory_bytes = plan.set_bytes;
  dedupe_parts.partition_memory_bytes = plan.partition_bytes;
  dedupe_parts.temp_dir = temp_dir;
  dedupe_parts.threads = plan.threads;
  dedupe_parts.partitions_elsewhere = part.partitions;
  dedupe_stages dedupe(inputs, dedupe_parts);
  deferred_chunks deferred(temp_dir);
  ordered_stage ordered(config, inputs, files.output(), files.rejects(), dedupe, files.duplicates(),
                        files.counts());
  if (!part.line_base.empty()) ordered.number_lines_from(part.line_base, part.append_global_place);
  if (part.opened) part.opened();
  chunk_pool pool;
  std::uint64_t next_sequence = 0;

  // Stage 1: a chunk from the pool, filled by `fill` (false: none left) under `token`.
  const auto next_chunk = [&pool](tbb::flow_control& flow, const void* token, auto fill) -> chunk* {
    happens_after(token);
    chunk* c = nullptr;
    bool more = false;
    {
      const publish_on_exit published(token);
      c = pool.take();
      c->deferred = false;
      more = fill(*c);
    }
    if (!more) {
      pool.give_back(c);
      flow.stop();
      return nullptr;
    }
    happens_before(c);
    return c;
  };
  // The next chunk of whole lines, in input order.
  const auto read = [&](tbb::flow_control& flow) {
    return next_chunk(flow, &inputs, [&](chunk& c) {
      if (!inputs.next(c.input, plan.chunk_size)) return false;
      c.sequence = next_sequence++;
      headers.prepare(c, inputs);
      return true;
    });
  };
  // Pass 3: the deferred chunks again, in input order.
  const auto replay = [&](tbb::flow_control& flow) {
    return next_chunk(flow, &deferred, [&deferred](chunk& c) { return deferred.replay(c); });
  };
  // Stage 2, in parallel: decode, validate, normalize, key and count.
  const auto process_lines = [&](chunk& c) {
    process(c, config, plan.shard_count, excluded.get());
  };
  // Stage 5: write and report, in input order.
  const auto write = [&](chunk* c) {
    happens_after(c);
    happens_after(&ordered);
    {
      const publish_on_exit published(&ordered);
      if (c->deferred) {
        ordered.skip(*c);
      } else {
        if (!c->header_to_write.empty()) {
          files.output().write(c->header_to_write);
          files.output().put('\n');
        }
        ordered.consume(*c);
      }
      c->input.release();  // pages behind it, and a finished input's mapping
    }
    pool.give_back(c);
  };

  const auto process_filter =
      tbb::make_filter<chunk*, chunk*>(tbb::filter_mode::parallel, chunk_stage(process_lines));
  const auto write_filter =
      tbb::make_filter<chunk*, void>(tbb::filter_mode::serial_in_order, filter_body(write));

  // Afterwards, also when a stage threw, the stages' state is this thread's again.
  const auto acquire_stages = [&] {
    pool.acquire_all();
    for (std::size_t s = 0; s < dedupe.stage_count(); ++s) happens_after(dedupe.stage_token(s));
    happens_after(&dedupe);
    happens_after(&deferred);
  };
  tbb::task_arena arena(static_cast<int>(plan.threads));
  const auto run_pipeline = [&](const tbb::filter<void, void>& filters) {
    const scope_exit stages_acquired(acquire_stages);
    const acquire_on_exit acquired(&inputs, &ordered);
    try {
      arena.execute([&] { tbb::parallel_pipeline(plan.tokens, filters); });
    } catch (const std::bad_alloc&) {
      happens_after(&ordered);
      throw std::runtime_error("out of memory after " + std::to_string(ordered.lines_so_far()) +
                               " lines (" + std::to_string(ordered.unique_so_far()) +
                               " unique positions); nothing was written");
    }
  };
  // Pass 1 (the only pass in memory).
  run_pipeline(
      tbb::make_filter<void, chunk*>(tbb::filter_mode::serial_in_order, filter_body(read)) &
      with_dedupe_stages(process_filter, dedupe, deferred) & write_filter);

  memory_stats memory{budget.bytes, budget.source};
  if (config.dedupe) dedupe.make_partitions_elsewhere();
  if (dedupe.partitioned()) {
    memory.partitioned = true;
    memory.lines_before_switch = ordered.lines_so_far();
    // Pass 2.
    dedupe.resolve([&ordered](std::uint64_t done, std::uint64_t total) {
      ordered.report_partitions(done, total);
    });
    // Pass 3.
    ordered.begin_phase(run_phase::writing, ordered.bytes_before_switch());
    run_pipeline(
        tbb::make_filter<void, chunk*>(tbb::filter_mode::serial_in_order, filter_body(replay)) &
        process_filter & decide_stage(dedupe, deferred, inputs) & keep_stage() & write_filter);
    memory.partitions = dedupe.partition_count();
    memory.temp_bytes = dedupe.partition_temp_bytes() + deferred.copied_bytes();
  }

  run_stats stats = ordered.finish();
  stats.memory = memory;
  stats.reference = reference;
  stats.inputs_changed = inputs.changed_inputs();
  stats.stopped_at_max_bytes = inputs.stopped_at_max_bytes();
  for (const std::string& path : stats.inputs_changed) {
    notice("fenbatch: warning: " + quoted_name(path) +
           " changed while it was read (size or modification time); its lines may be a mix");
  }
  if (stats.stopped_at_max_bytes) {
    notice("fenbatch: stopped reading after --max-bytes " + std::to_string(config.max_bytes) +
           " bytes");
  }
  stats.threads = plan.threads;
  stats.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  if (part.finished) part.finished();
  if (part.hand_over) {
    files.prepare({}, {}, false);  // (read back at once, never published)
    part.hand_over(files, stats);
    return stats;
  }
  files.commit(files.has_stats_json() ? to_json(stats, config) : std::string(),
               files.has_report() ? to_html_report(stats, config, std::chrono::system_clock::now())
                                  : std::string());
  return stats;
}

}  // namespace detail

run_stats run(const run_config& config) {
  return detail::run_part(config, {});
}

}  // namespace fenbatch::pipeline
