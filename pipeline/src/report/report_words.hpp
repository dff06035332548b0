// The report's words and numbers for people: names of inputs, times and durations, rates,
// the page's heading.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "fenbatch/pipeline/run_stats.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

[[nodiscard]] std::string yes_no(bool value);

// "1 file", "2,000 files".
[[nodiscard]] std::string counted(std::uint64_t n, std::string_view one, std::string_view many);

// "/data/a.epd.zst" as "a.epd.zst"; "-" as "standard input".
[[nodiscard]] std::string input_name(std::string_view path);

[[nodiscard]] std::string output_name(std::string_view path);

[[nodiscard]] std::string iso_utc(std::chrono::system_clock::time_point when);

// 0.042 s, 12.3 s, 4 min 05 s, 2 h 03 min.
[[nodiscard]] std::string duration_text(double seconds);

// A rate that is finite whatever the time: nothing for a run that took no measurable time.
[[nodiscard]] bool has_rate(const run_stats& s);

[[nodiscard]] std::string per_second(double amount, double seconds);

// "a.epd, b.epd and 3 more", or what the run read from.
[[nodiscard]] std::string heading(const report_options& asked);

}  // namespace fenbatch::pipeline::detail
