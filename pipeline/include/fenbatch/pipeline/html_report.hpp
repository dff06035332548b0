// The statistics as one self-contained HTML page (--report): SVG charts and board diagrams
// drawn here, inline CSS, no script and nothing fetched (a Content-Security-Policy of
// default-src 'none' says so to the browser), for a person to read on a screen, a phone or
// paper. The numbers are those of to_json (stats_json.hpp), in its words. The page is also
// well-formed XML, and every text from the run (paths, positions) is escaped, with bytes that
// are not UTF-8 replaced by U+FFFD.
//
// Its element ids are a contract with tests/report: summary, chart-outcomes, chart-reasons
// (a <p class="empty"> when no line is invalid), chart-inputs, chart-piece-count,
// chart-material, chart-side-to-move, chart-castling, chart-boards (with 10x8 lines),
// most-repeated and options.
#pragma once

#include <chrono>
#include <string>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::pipeline {

// `finished` is when the run ended, printed in UTC; the page depends on nothing else (but the
// decoder this process uses, named among the options), so the same arguments give the same
// bytes.
std::string to_html_report(const run_stats& stats, const run_config& config,
                           std::chrono::system_clock::time_point finished);

}  // namespace fenbatch::pipeline
