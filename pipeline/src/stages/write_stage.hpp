// The write stage: everything that must happen in input order once a chunk is done. It writes
// the chunk's header line (the first CSV/TSV header) and kept lines (and, when asked, its
// duplicates and first occurrences for the counts), reports its invalid lines, adds its
// partial statistics to the run's, and owns the run's progress. It sees chunks in input order,
// so output, rejects and statistics are the same for any thread count and chunk size.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "chunks/chunk.hpp"
#include "chunks/line_places.hpp"
#include "dedupe/dedupe_stages.hpp"
#include "fenbatch/pipeline/output_file.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "input/input_reader.hpp"
#include "plan/resolved_run.hpp"
#include "stages/counts_writer.hpp"
#include "stages/progress_meter.hpp"
#include "stages/record_streamer.hpp"
#include "stages/reject_report.hpp"
#include "stats/most_repeated_tracker.hpp"

namespace fenbatch::pipeline::detail {

// The files the write stage writes; any may be null: no such file. The output is null exactly
// for a stream, whose records go to `sink` (never with splits).
struct written_files {
  output_file* output;
  output_file* rejects = nullptr;
  output_file* duplicates = nullptr;
  output_file* counts = nullptr;
  std::vector<output_file*> splits;  // --split, in the order given
  const record_sink* sink = nullptr;
};

class write_stage {
 public:
  // `report`: the inputs, top and samples; `temp_dir`: where the counts' spill goes when the
  // counts file has no directory of its own (standard output).
  write_stage(const report_options& report, const std::string& temp_dir,
              const run_listeners& listeners, const input_reader& inputs, written_files files);

  // A part of a distributed run (run_phases.hpp): each input's lines are numbered from
  // line_base[input] + 1, and origins of other parts are written by append_global_place.
  void number_lines_from(std::vector<std::uint64_t> line_base,
                         std::function<void(std::string&, std::uint64_t)> append_global_place);

  // The next chunk in input order; a deferred one only counts as progress in pass 1 (pass 3
  // writes it).
  void write(chunk& c);
  [[nodiscard]] progress_meter& progress() noexcept { return progress_; }
  // Input bytes of the chunks written: after pass 1, those before the switch.
  [[nodiscard]] std::uint64_t bytes_before_switch() const noexcept { return stats_.input_bytes; }

  [[nodiscard]] std::uint64_t lines_so_far() const noexcept { return stats_.lines; }
  // Written so far: the dedupe stages run ahead of this one, so the set may hold more.
  [[nodiscard]] std::uint64_t unique_so_far() const noexcept { return stats_.written; }

  // The statistics of every chunk, once the last one is written (moved out: call it once);
  // writes the counts file with the final counts from `dedupe` (null without dedupe).
  run_stats finish(dedupe_stages* dedupe);

 private:
  void consume(chunk& c);
  void write_valid(const chunk& c);
  // --split: the routed chunk's output lines and each split's (stages/split_routing.hpp).
  void write_routed(const chunk& c);
  // A stream: the chunk's written records to the sink.
  void stream(const chunk& c);
  // The most repeated positions: line `i` of `c` seen `count` times so far.
  void record_repeated(const chunk& c, std::uint32_t i, std::uint32_t count, std::string& scratch);
  // Where the chunk starts, for its origins (line_places.hpp): once a chunk, in sequence order.
  void place_chunk(const chunk& c);
  void count_dropped_material(const chunk& c);
  // The material of the written lines: the valid lines' (stats_.material) without the dropped.
  [[nodiscard]] std::unordered_map<std::uint64_t, std::uint64_t> written_material() const;

  output_file* output_;                      // (null: a stream)
  std::optional<record_streamer> streamer_;  // a stream's
  bool dedupe_;
  survivor_policy survivors_;
  core::key_kind key_;
  reject_reporter rejects_;
  output_file* duplicates_;
  std::vector<output_file*> splits_;
  std::optional<line_places> places_;    // with --counts or --duplicates
  std::optional<counts_writer> counts_;  // with --counts
  most_repeated_tracker repeated_;
  run_stats stats_;
  // Signatures of the valid lines not written (excluded, duplicates), with their counts.
  std::unordered_map<std::uint64_t, std::uint64_t> dropped_material_;
  std::uint32_t file_index_ = 0;
  std::uint64_t line_base_ = 0;         // lines of the current file before the next chunk
  std::uint32_t place_file_index_ = 0;  // likewise for the next chunk placed
  std::uint64_t place_line_base_ = 0;
  std::vector<std::uint64_t> first_line_base_;  // per input (a part's); empty: all 0
  progress_meter progress_;
};

}  // namespace fenbatch::pipeline::detail
