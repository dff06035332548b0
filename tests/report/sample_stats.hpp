// Statistics filled by hand for the report's tests: every count is known, so that what the page
// shows can be checked against numbers worked out on paper.
#pragma once

#include <chrono>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::test {

struct sample_run {
  pipeline::run_stats stats;
  pipeline::run_config config;
};

// 1000 lines: 600 written, 250 duplicates, 50 excluded, 80 invalid (rank_width 50, bad_side
// 30), 20 skipped (blank); two inputs, the first with a path that needs escaping and a byte
// that is not UTF-8; material, piece counts, most repeated positions (one 10x8, one that is no
// board), wall time 2 s.
[[nodiscard]] sample_run hand_filled_run();

// A run that read nothing: every count 0, no inputs.
[[nodiscard]] sample_run empty_run();

// Counts near 10^12, every reason, 300 inputs with long paths, 40 material signatures, a
// 10x8 part: to see that nothing overflows or runs into anything.
[[nodiscard]] sample_run huge_run();

// 2024-06-01T12:00:00Z.
inline constexpr std::chrono::system_clock::time_point sample_finish{
    std::chrono::seconds(1'717'243'200)};

}  // namespace fenbatch::test
