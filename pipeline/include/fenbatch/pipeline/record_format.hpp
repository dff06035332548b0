// The shapes of input records: plain FEN/EPD lines, or CSV, TSV and JSON-lines records whose
// position is one field. The other fields are carried through byte for byte.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fenbatch::pipeline {

enum class input_format : std::uint8_t {
  fen,    // one FEN/EPD record per line
  csv,    // RFC 4180, a header line first; the position is one column
  tsv,    // as csv with tabs, no quoting
  jsonl,  // one JSON object per line; the position is a string member
  plain,  // Stockfish's .plain: KEY VALUE lines up to a line `e`; the position is `fen`
};

[[nodiscard]] std::string_view to_string(input_format f) noexcept;
[[nodiscard]] std::optional<input_format> parse_input_format(std::string_view text) noexcept;
// "fen|csv|tsv|jsonl|plain", for help and errors.
[[nodiscard]] std::string input_format_choices();
// By the name's extension before any compression suffix: .csv, .tsv, .jsonl, .ndjson or .plain;
// anything else (and "-") is fen.
[[nodiscard]] input_format infer_input_format(std::string_view path) noexcept;

}  // namespace fenbatch::pipeline
