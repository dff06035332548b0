// --format plain, or an output named *.plain: the run writes Stockfish's .plain records
// (run_config::plain_output). The other output formats are core's (fen, epd, keep).
#pragma once

#include <string>

namespace fenbatch::app {

// Whether the run writes .plain records: --format plain given, or no --format and an output
// named *.plain (before a compression suffix: out.plain.zst too).
[[nodiscard]] bool writes_plain(bool format_given, const std::string& format,
                                const std::string& output);

}  // namespace fenbatch::app
