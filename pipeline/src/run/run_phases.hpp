// A run in phases, read in order:
//   open (the constructor): the plan, every input and destination, the --exclude set, the
//     memory budget, the dedupe store and the write stage; nothing is read yet;
//   pass 1 (read_pass): the pipeline over the inputs (the only pass of a run in memory);
//   pass 2 (resolve_partitions): past the memory budget, the partitions deduplicated;
//   pass 3 (replay_deferred): the chunks after the switch read again, decided and written;
//   finish: the statistics; publish: the files, all or none.
// run() goes through them in turn; a distributed run (distributed/) calls them itself, with
// its agreements between them, for its part of the inputs.
#pragma once

#include <oneapi/tbb/task_arena.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "chunks/chunk_pool.hpp"
#include "dedupe/dedupe_set.hpp"
#include "dedupe/dedupe_stages.hpp"
#include "dedupe/deferred_chunks.hpp"
#include "dedupe/key_partitions.hpp"
#include "fenbatch/pipeline/record_stream.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "formats/record_headers.hpp"
#include "input/input_range.hpp"
#include "input/input_reader.hpp"
#include "memory/memory_budget.hpp"
#include "output/output_transaction.hpp"
#include "plan/resolved_run.hpp"
#include "run/pipeline_stages.hpp"
#include "stages/run_plan.hpp"
#include "stages/write_stage.hpp"
#include "uniqueness/uniqueness_counter.hpp"

namespace fenbatch::pipeline::detail {

// What a part of a distributed run reads and where its lines and keys belong; empty: the
// whole run.
struct part_of_run {
  // Per input: the bytes this part reads (input_range.hpp); empty: every input whole.
  std::vector<input_range> ranges;
  // Per input: the lines before this part's range (its first line's number less one).
  std::vector<std::uint64_t> line_base;
  // Appends "FILE:LINE" for an origin with global_origin_flag set (a line of any part).
  std::function<void(std::string&, std::uint64_t)> append_global_place;
  // When another part reads the first CSV/TSV header: its text and file (record_headers).
  std::optional<std::pair<std::string, std::string>> first_header;
  // Set: dedupe is partitioned from the first chunk and its keys go to the partitions made
  // here (the other processes), which also decide them.
  key_partitions_factory partitions;
};

class run_phases {
 public:
  // Open: throws before any byte is read (config_error, I/O errors). `run` must outlive this,
  // and `sink` too: a stream's (run.outputs.streamed), else null.
  run_phases(const resolved_run& run, const part_of_run& part, const record_sink* sink = nullptr);
  ~run_phases();
  run_phases(const run_phases&) = delete;
  run_phases& operator=(const run_phases&) = delete;

  void read_pass();
  // Whether the run went past its memory budget; if so, pass 2 is done on return.
  [[nodiscard]] bool resolve_partitions();
  void replay_deferred();
  // The statistics (once, after the last pass).
  [[nodiscard]] run_stats finish();
  // Every file published with the statistics and report made from `stats`.
  void publish(const run_stats& stats);

  [[nodiscard]] output_transaction& files() noexcept { return *files_; }

 private:
  void run_pipeline(const tbb::filter<void, void>& filters);
  void acquire_stages();
  // The keep stage: with dedupe or --split (run_pipeline).
  [[nodiscard]] std::optional<chunk_filter> keeping() const;
  [[nodiscard]] dedupe_stages* dedupe_if_asked() noexcept {
    return run_.dedupe.enabled ? &*dedupe_ : nullptr;
  }

  const resolved_run& run_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  run_plan plan_;
  record_headers headers_;
  std::string temp_dir_;
  std::optional<input_reader> inputs_;
  reference_stats reference_;
  std::unique_ptr<const dedupe_set> excluded_;
  memory_budget budget_;
  std::optional<output_transaction> files_;
  std::optional<dedupe_stages> dedupe_;
  std::optional<deferred_chunks> deferred_;
  std::optional<write_stage> writer_;
  // --uniqueness: the identity counters (pass 1), and the lines of pass 3 without identity keys.
  std::optional<uniqueness_counter> uniqueness_;
  line_options replay_lines_;
  chunk_pool pool_;
  read_state reading_{};
  memory_stats memory_;
  tbb::task_arena arena_;
};

// The whole run, phase after phase: what run() does (and stream_run, with its sink).
run_stats run_whole(const resolved_run& run, const record_sink* sink = nullptr);

}  // namespace fenbatch::pipeline::detail
