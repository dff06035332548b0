// Reporting of invalid lines, in input order: the first few per reason (--samples, at most
// max_samples_per_reason: run_stats.hpp) quoted through the diagnostic callback and kept as
// samples in the statistics, every one in the rejects file. When the cap leaves out a line
// that --samples asked for, one note says so.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/pipeline/output_file.hpp"
#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "input/input_reader.hpp"
#include "stages/chunk.hpp"

namespace fenbatch::pipeline::detail {

class reject_reporter {
 public:
  // `rejects` may be null: no rejects file.
  reject_reporter(const run_config& config, const input_reader& inputs, output_file* rejects)
      : config_(config), inputs_(inputs), rejects_(rejects) {}

  // The chunk's invalid lines; `line_base`: the lines of its file before the chunk.
  void report(const chunk& c, std::uint64_t line_base, std::vector<invalid_sample>& samples);

 private:
  // The note on the cap, once: called for each line the cap leaves out.
  void note_cap();

  const run_config& config_;
  const input_reader& inputs_;
  output_file* rejects_;
  std::array<unsigned, core::fen_errc_count> sampled_{};  // samples so far, per reason
  bool cap_noted_ = false;
};

}  // namespace fenbatch::pipeline::detail
