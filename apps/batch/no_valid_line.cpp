#include "no_valid_line.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "summary.hpp"

namespace fenbatch::app {
namespace {

// Lines that are neither blank, comments nor a CSV/TSV header: every one is valid or invalid.
std::uint64_t lines_to_read(const pipeline::run_counters& counts) {
  return counts.lines - counts.skipped();
}

core::fen_errc most_common_reason(const pipeline::run_counters& counts) {
  std::size_t most = 0;
  for (std::size_t i = 1; i < counts.invalid_by_reason.size(); ++i) {
    if (counts.invalid_by_reason[i] > counts.invalid_by_reason[most]) most = i;
  }
  return static_cast<core::fen_errc>(most);
}

}  // namespace

bool report_inputs_without_valid_lines(const pipeline::run_stats& stats, bool warn) {
  if (warn) {
    for (const pipeline::input_stats& input : stats.inputs) {
      const std::uint64_t lines = lines_to_read(input.counts);
      if (lines == 0 || input.counts.valid != 0) continue;
      const std::string name =
          input.path == "-" ? "standard input" : pipeline::quoted_name(input.path);
      std::fprintf(stderr,
                   "fenbatch: warning: %s: no valid FEN/EPD line in %s line%s (most common: "
                   "%s); is this a FEN/EPD file?\n",
                   name.c_str(), with_commas(lines).c_str(), lines == 1 ? "" : "s",
                   std::string(to_string(most_common_reason(input.counts))).c_str());
    }
  }
  return lines_to_read(stats) != 0 && stats.valid == 0;
}

}  // namespace fenbatch::app
