// What an existing file holds, judged by its first lines (decompressed when it is compressed):
// one of the side files fenbatch writes, recognised by the exact shape its writer gives it,
// or something else. A side file may replace only an empty file or one of its own kind; every
// other file (a dataset, notes, another side file) is someone's data.
//
//   statistics  `{` then "schema_version" as the first key            (stats/stats_json.cpp)
//   rejects     FILE:LINE:COL: REASON: text   (REASON: --list-reasons) (stages/reject_report.cpp)
//   duplicates  FILE:LINE: duplicate of FILE:LINE: text              (stages/duplicates_writer.cpp)
//   counts      COUNT<TAB>position<TAB>FILE:LINE                     (stages/counts_writer.cpp)
//   report      an HTML page whose head holds
//               <meta name="generator" content="fenbatch ...">       (report/html_report.cpp)
//
// FILE is taken as any text, so that names written raw or quoted as `ls` quotes them
// (quoted_name.hpp) are recognised alike.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

enum class side_file_kind : std::uint8_t { statistics, rejects, duplicates, counts, report };

// "statistics JSON", "rejects list", "duplicates list", "counts table", "report".
[[nodiscard]] std::string_view kind_name(side_file_kind kind) noexcept;

// The kind of side file `text` (a file's first bytes; `whole`: all of it) begins as, if any.
[[nodiscard]] std::optional<side_file_kind> side_file_kind_of(std::string_view text, bool whole);

// Whether the first record (not blank, not a comment) of `text` is a FEN/EPD position.
[[nodiscard]] bool starts_with_position(std::string_view text);

// Why the existing regular file `path` (opened by that name to read it) must not be replaced
// by a side file of `kind`: a phrase to follow the option and the name, from the finding to
// the fix ("holds FEN/EPD positions; refusing to replace it (...)"). Empty when it may be
// replaced: it is empty (0 bytes, or a compressed empty stream) or of the kind.
[[nodiscard]] std::string refusal_to_replace(const std::string& path, side_file_kind kind);

}  // namespace fenbatch::pipeline::detail
