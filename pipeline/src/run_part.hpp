// A run over a part of the inputs: what one process of a distributed run (distributed/) does.
// The same pipeline as run() (run.cpp), told which bytes of which inputs to read, where its
// lines are numbered from, where dedupe's keys go, and when to wait for the other processes.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "input/input_range.hpp"
#include "output/output_transaction.hpp"
#include "stages/key_partitions.hpp"

namespace fenbatch::pipeline::detail {

struct part_of_run {
  // Per input of run_config::inputs: the bytes this part reads (input_range.hpp); empty: every
  // input whole.
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
  // Called once every input and destination is open, before a byte is read; and after the
  // last pass, before the files are published. Each may throw to end the run.
  std::function<void()> opened;
  std::function<void()> finished;
  // Set: instead of publishing its files, the part prepares them (complete and synced
  // temporaries: output_file::prepared_path()) and hands them, with its statistics, to this;
  // they are removed when it returns.
  std::function<void(output_transaction&, run_stats&)> hand_over;
};

// Origins (line_origin) of other parts carry this bit; line_places gives them to
// part_of_run::append_global_place.
inline constexpr std::uint64_t global_origin_flag = std::uint64_t{1} << 63;

// Runs `config` over the part: run() is run_part(config, {}).
run_stats run_part(const run_config& config, const part_of_run& part);

}  // namespace fenbatch::pipeline::detail
