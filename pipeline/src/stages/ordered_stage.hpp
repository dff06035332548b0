// The ordered write stage: everything that must happen in input order once a chunk is done.
// It writes the chunk's kept lines (and, when asked, its duplicates and first occurrences for
// the counts), reports its invalid lines, adds its partial statistics to the run's, and
// reports progress. It sees chunks in input order, so output, rejects and
// statistics are the same for any thread count and chunk size.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "fenbatch/pipeline/output_file.hpp"
#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "input/input_reader.hpp"
#include "stages/chunk.hpp"
#include "stages/counts_writer.hpp"
#include "stages/dedupe_stages.hpp"
#include "stages/line_places.hpp"
#include "stages/reject_report.hpp"
#include "stats/most_repeated_tracker.hpp"

namespace fenbatch::pipeline::detail {

class ordered_stage {
 public:
  using clock_type = std::chrono::steady_clock;

  // `rejects`, `duplicates` and `counts` may be null: no such file.
  ordered_stage(const run_config& config, const input_reader& inputs, output_file& output,
                output_file* rejects, dedupe_stages& dedupe, output_file* duplicates = nullptr,
                output_file* counts = nullptr);

  // A part of a distributed run (run_part.hpp): each input's lines are numbered from
  // line_base[input] + 1, and origins of other parts are written by append_global_place.
  void number_lines_from(std::vector<std::uint64_t> line_base,
                         std::function<void(std::string&, std::uint64_t)> append_global_place);

  void consume(chunk& c);
  // A deferred chunk in pass 1: only its progress (pass 3 consumes it).
  void skip(const chunk& c);
  // Progress from here on is of this phase; `bytes_done`: input bytes done before it.
  void begin_phase(run_phase phase, std::uint64_t bytes_done);
  // Pass 2's progress, in partitions.
  void report_partitions(std::uint64_t done, std::uint64_t total);
  // Input bytes of the chunks consumed: after pass 1, those before the switch.
  [[nodiscard]] std::uint64_t bytes_before_switch() const noexcept { return stats_.input_bytes; }

  [[nodiscard]] std::uint64_t lines_so_far() const noexcept { return stats_.lines; }
  // Written so far: the dedupe stages run ahead of this one, so the set may hold more.
  [[nodiscard]] std::uint64_t unique_so_far() const noexcept { return stats_.written; }

  // The statistics of every chunk, once the last one is consumed (moved out: call it once);
  // writes the counts file.
  run_stats finish();

 private:
  void write_valid(const chunk& c);
  void count_dropped_material(const chunk& c);
  // The material of the written lines: the valid lines' (stats_.material) without the dropped.
  [[nodiscard]] std::unordered_map<std::uint64_t, std::uint64_t> written_material() const;
  void report_progress(bool last);

  const run_config& config_;
  const input_reader& inputs_;
  output_file& output_;
  dedupe_stages& dedupe_;
  reject_reporter rejects_;
  output_file* duplicates_;
  std::optional<line_places> places_;    // with --counts or --duplicates
  std::optional<counts_writer> counts_;  // with --counts
  most_repeated_tracker repeated_;
  run_stats stats_;
  // Signatures of the valid lines not written (excluded, duplicates), with their counts.
  std::unordered_map<std::uint64_t, std::uint64_t> dropped_material_;
  std::uint32_t file_index_ = 0;
  std::uint64_t line_base_ = 0;                 // lines of the current file before the next chunk
  std::vector<std::uint64_t> first_line_base_;  // per input (a part's); empty: all 0
  run_phase phase_ = run_phase::reading;
  bool switched_ = false;             // a deferred chunk was seen
  std::uint64_t progress_bytes_ = 0;  // input bytes of the chunks consumed or skipped
  clock_type::time_point started_;
  clock_type::time_point last_progress_{};
};

}  // namespace fenbatch::pipeline::detail
