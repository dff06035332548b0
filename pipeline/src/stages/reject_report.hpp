// Reporting of invalid lines, in input order: the first few per reason (--samples, at most
// max_samples_per_reason: run_stats.hpp) quoted through the diagnostic callback and kept as
// samples in the statistics, every one in the rejects file. When the cap leaves out a line
// that --samples asked for, one note says so.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "chunks/chunk.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/pipeline/output_file.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "input/input_reader.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

class reject_reporter {
 public:
  // `rejects` may be null: no rejects file.
  // `samples_per_reason`: invalid lines quoted through `listeners`, per reason.
  reject_reporter(unsigned samples_per_reason, const run_listeners& listeners,
                  const input_reader& inputs, output_file* rejects)
      : samples_per_reason_(samples_per_reason),
        listeners_(listeners),
        inputs_(inputs),
        rejects_(rejects) {}

  // The chunk's invalid lines; `line_base`: the lines of its file before the chunk.
  void report(const chunk& c, std::uint64_t line_base, std::vector<invalid_sample>& samples);

 private:
  // The note on the cap, once: called for each line the cap leaves out.
  void note_cap();

  unsigned samples_per_reason_;
  const run_listeners& listeners_;
  const input_reader& inputs_;
  output_file* rejects_;
  std::array<unsigned, core::fen_errc_count> sampled_{};  // samples so far, per reason
  bool cap_noted_ = false;
};

}  // namespace fenbatch::pipeline::detail
