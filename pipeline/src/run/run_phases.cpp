// Everything order-dependent happens in the dedupe and write stages, which see chunks in input
// order, so output, rejects and statistics are byte-identical for any thread count and chunk
// size. The adds are the costly order-dependent part (a cache miss each): split by key into
// shards, each shard seeing its keys in input order, and the shards into stages that work on
// successive chunks at the same time, they run on as many threads as there are stages.
// Past the memory budget (dedupe_stages.hpp), the chunks after the switch only hand their
// keys to the partitions in pass 1; the partitions are deduplicated (pass 2); and a second
// pipeline reads those chunks again (deferred_chunks), processes them, takes their lines'
// counts from the partitions in input order, and goes on as in pass 1 (pass 3). The keep and
// write stages see the same counts as in memory, so the results are the same.

#include "run/run_phases.hpp"

#include <oneapi/tbb/parallel_pipeline.h>

#include <new>
#include <stdexcept>
#include <string>

#include "base/tsan_annotations.hpp"
#include "dedupe/local_partitions.hpp"
#include "exclude/reference_set.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "output/destination_check.hpp"
#include "report/report_document.hpp"
#include "spill/spill_file.hpp"
#include "stats/stats_document.hpp"

namespace fenbatch::pipeline::detail {

namespace {

// A survivor policy that needs final counts (--keep last or max/min, --min-count) writes no line
// before every line is counted: every chunk goes to partitions (this machine's, unless a
// distributed run's owners decide), whose decisions carry each key's final count (pass 3 writes).
void defer_every_chunk(dedupe_plan& plan, const dedupe_options& dedupe) {
  plan.finals_in_decisions = true;
  plan.last_origins = dedupe.with_origins && dedupe.survivors.keep == keep_occurrence::last;
  if (dedupe.survivors.ranked()) plan.ranked_places = dedupe.survivors.max_per_position;
  if (!plan.partitions_elsewhere) {
    plan.partitions_elsewhere = [](const partitioned_dedupe_options& options) {
      return make_local_partitions(options);
    };
  }
}

}  // namespace

run_phases::run_phases(const resolved_run& run, const part_of_run& part, const record_sink* sink)
    : run_(run),
      plan_(plan_run(run.resources, run.dedupe.enabled, run.inputs.chunk_size)),
      headers_(run.inputs.paths, run.lines,
               [&run](std::string_view text) { run.listeners.notice(text); }) {
  if (part.first_header) {
    headers_.assume_first_header(part.first_header->first, part.first_header->second);
  }
  check_destinations(run.outputs, run.inputs, run.references);
  temp_dir_ = temp_directory(run.resources.temp_dir);  // (checked by plan_run)
  // Everything that can fail before a byte is read: inputs, then every destination; the
  // references are read whole before any destination is opened.
  inputs_.emplace(run.inputs.paths, run.inputs.reading, part.ranges);
  excluded_ = load_reference_set(run.references, run.inputs.reading, run.inputs.chunk_size,
                                 run.listeners, reference_);
  // The budget's address-space limits count the inputs' mappings (regular uncompressed files
  // are mapped whole, even when a part of a distributed run reads a range of one).
  budget_ = choose_memory_budget(run.resources.memory_limit, read_memory_limits(),
                                 run.inputs.reading.use_mmap ? inputs_->file_bytes() : 0);
  fit_to_memory(plan_, budget_.bytes, excluded_ ? excluded_->memory_bytes() : 0,
                run.lines.identities != 0, run.dedupe.enabled);
  override_dedupe_memory(plan_, run.resources.test_memory_bytes);
  files_.emplace(run.outputs, plan_.threads,
                 [this](std::string_view text) { run_.listeners.notice(text); });

  dedupe_plan dedupe;
  dedupe.shard_count = plan_.shard_count;
  dedupe.stage_count = plan_.dedupe_stage_count;
  dedupe.with_origins = run.dedupe.with_origins;
  dedupe.final_counts = run.dedupe.final_counts;
  dedupe.memory_bytes = plan_.set_bytes;
  dedupe.partition_memory_bytes = plan_.partition_bytes;
  dedupe.temp_dir = temp_dir_;
  dedupe.threads = plan_.threads;
  dedupe.partitions_elsewhere = part.partitions;
  if (run.dedupe.survivors.needs_final_count()) defer_every_chunk(dedupe, run.dedupe);
  dedupe_.emplace(*inputs_, dedupe);
  deferred_.emplace(temp_dir_);
  writer_.emplace(run.report, temp_dir_, run.listeners, *inputs_,
                  written_files{files_->output(), files_->rejects(), files_->duplicates(),
                                files_->counts(), files_->splits(), sink});
  if (!part.line_base.empty()) writer_->number_lines_from(part.line_base, part.append_global_place);
  if (run.lines.identities != 0) {
    uniqueness_.emplace(run.lines.identities, plan_.uniqueness_bytes, inputs_->total_bytes());
  }
  replay_lines_ = run.lines;
  replay_lines_.identities = 0;         // counted in pass 1, every line
  replay_lines_.ranking_field.clear();  // ranked in pass 1 (the partitions' decisions)
  reading_ = {&*inputs_, &headers_, plan_.chunk_size, 0};
  memory_ = {budget_.bytes, budget_.source};
  arena_.initialize(static_cast<int>(plan_.threads));
}

run_phases::~run_phases() = default;

// Afterwards, also when a stage threw, the stages' state is this thread's again.
void run_phases::acquire_stages() {
  pool_.acquire_all();
  for (std::size_t s = 0; s < dedupe_->stage_count(); ++s) happens_after(dedupe_->stage_token(s));
  happens_after(&*dedupe_);
  happens_after(&*deferred_);
  for (std::size_t i = 0; uniqueness_ && i < identity_count; ++i) {
    happens_after(uniqueness_->token(static_cast<identity>(i)));
  }
}

void run_phases::run_pipeline(const tbb::filter<void, void>& filters) {
  const scope_exit stages_acquired([this] { acquire_stages(); });
  const acquire_on_exit acquired(&*inputs_, &*writer_);
  try {
    arena_.execute([&] { tbb::parallel_pipeline(plan_.tokens, filters); });
  } catch (const std::bad_alloc&) {
    happens_after(&*writer_);
    throw std::runtime_error("out of memory after " + std::to_string(writer_->lines_so_far()) +
                             " lines (" + std::to_string(writer_->unique_so_far()) +
                             " unique positions); nothing was written");
  }
}

std::optional<chunk_filter> run_phases::keeping() const {
  const split_plan* splits = run_.splits.empty() ? nullptr : &run_.splits;
  if (!run_.dedupe.enabled && splits == nullptr) return std::nullopt;
  return keep_stage(run_.dedupe.enabled ? &run_.dedupe.survivors : nullptr, splits);
}

void run_phases::read_pass() {
  std::optional<chunk_filter> deciding;
  if (run_.dedupe.enabled) deciding = dedupe_stage(*dedupe_, *deferred_);
  std::optional<chunk_filter> counting;
  if (uniqueness_) counting = counting_stage(*uniqueness_);
  run_pipeline(detail::run_pipeline(read_stage(pool_, reading_),
                                    process_stage(run_.lines, plan_.shard_count, excluded_.get()),
                                    deciding, keeping(), write_filter(*writer_, pool_), counting));
}

bool run_phases::resolve_partitions() {
  if (run_.dedupe.enabled) dedupe_->make_partitions_elsewhere();
  if (!dedupe_->partitioned()) return false;
  memory_.partitioned = true;
  memory_.lines_before_switch = writer_->lines_so_far();
  progress_meter& progress = writer_->progress();
  dedupe_->resolve(
      [&progress](std::uint64_t done, std::uint64_t total) { progress.partitions(done, total); });
  return true;
}

void run_phases::replay_deferred() {
  writer_->progress().begin_phase(run_phase::writing, writer_->bytes_before_switch());
  run_pipeline(detail::run_pipeline(
      replay_stage(pool_, *deferred_),
      process_stage(replay_lines_, plan_.shard_count, excluded_.get()),
      decide_stage(*dedupe_, *deferred_, *inputs_), keeping(), write_filter(*writer_, pool_)));
  memory_.partitions = dedupe_->partition_count();
  memory_.temp_bytes = dedupe_->partition_temp_bytes() + deferred_->copied_bytes();
}

run_stats run_phases::finish() {
  run_stats stats = writer_->finish(dedupe_if_asked());
  stats.memory = memory_;
  if (uniqueness_) {
    stats.uniqueness = uniqueness_->result();
    finish_uniqueness(*stats.uniqueness, run_.dedupe.enabled, run_.lines.key, stats.unique);
  }
  stats.reference = reference_;
  stats.inputs_changed = inputs_->changed_inputs();
  stats.stopped_at_max_bytes = inputs_->stopped_at_max_bytes();
  for (const std::string& path : stats.inputs_changed) {
    run_.listeners.notice("fenbatch: warning: " + quoted_name(path) +
                          " changed while it was read (size or modification time); its lines "
                          "may be a mix");
  }
  if (stats.stopped_at_max_bytes) {
    run_.listeners.notice("fenbatch: stopped reading after --max-bytes " +
                          std::to_string(run_.inputs.reading.max_bytes) + " bytes");
  }
  stats.threads = plan_.threads;
  stats.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  return stats;
}

void run_phases::publish(const run_stats& stats) {
  files_->commit(files_->has_stats_json() ? stats_document(stats, run_.report) : std::string(),
                 files_->has_report()
                     ? report_document(stats, run_.report, std::chrono::system_clock::now())
                     : std::string());
}

run_stats run_whole(const resolved_run& run, const record_sink* sink) {
  run_phases phases(run, {}, sink);
  phases.read_pass();
  if (phases.resolve_partitions()) phases.replay_deferred();
  run_stats stats = phases.finish();
  phases.publish(stats);
  return stats;
}

}  // namespace fenbatch::pipeline::detail
