// What fenbatch's options accept, checked before any work: the range of each numeric option
// (every refusal says why and what is allowed), and the names given to the options that take a
// file or a directory (never empty, never option-like).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "fenbatch/cli/parse_number.hpp"

namespace fenbatch::app::option_values {

// A value as the user typed it, in single quotes ('1M ', '') and with control characters and
// bytes that are not UTF-8 escaped as ls escapes file names ($'\033'): nothing raw reaches the
// terminal.
std::string shown(std::string_view text);

// What a numeric option allows, stated in every refusal of its value.
struct number_rule {
  std::uint64_t low;
  std::uint64_t high;
  std::string_view allowed;  // the range in words, and how to get the default where one is
  bool size = false;         // digits with an optional K, M or G
};
inline constexpr std::uint64_t no_limit = UINT64_MAX;
inline constexpr number_rule threads{
    0, 4096, "0 to 4096; 0, the default, is one thread per CPU this process may use"};
inline constexpr number_rule top{0, 1U << 20, "0 to 1048576"};
inline constexpr number_rule samples{0, 1U << 30, "0 to 1073741824"};
inline constexpr number_rule max_invalid{0, no_limit, "0 to 18446744073709551615"};
// 0 is the codec's default inside the pipeline (run_config::compression_level), never a level
// a user asks for: the documented ranges start at 1 (zstd's own 0 and xz's preset 0 are not
// offered).
inline constexpr number_rule level{
    1, 22,
    "1 to 22 for zstd, 1 to 9 for gzip, xz and bzip2; leave --level out for the codec's default"};
// Chunks hold 32-bit offsets; the run plan stops them at 256 MiB (stages/run_plan.cpp).
inline constexpr number_rule chunk_size{1, 256U << 20,
                                        "1 to 256M, digits with an optional K, M or G", true};
// 0 is "no limit" inside the pipeline (run_config::max_bytes). Typed, it read everything; read
// as "nothing" it would publish an empty output: neither is what anyone means, so it is refused.
inline constexpr number_rule max_bytes{
    1, no_limit,
    "1 to 18446744073709551615 bytes, digits with an optional K, M or G; leave --max-bytes out "
    "to read everything",
    true};
// Which occurrence survives (issue 28): counts of occurrences, at least 1 (the defaults are
// plain dedupe); the dedupe set's counts stop at 2^32-1.
inline constexpr number_rule max_per_position{
    1, UINT32_MAX, "1 to 4294967295; 1, the default, writes each position once"};
inline constexpr number_rule min_count{1, UINT32_MAX,
                                       "1 to 4294967295; 1, the default, writes every position"};
// --memory-limit's sizes are read by cli/byte_size.hpp; the smallest budget a run accepts is
// min_memory_limit in pipeline/src/memory/memory_budget.hpp.
inline constexpr std::uint64_t min_memory_limit = std::uint64_t{16} << 20;
inline constexpr std::string_view memory_allowed =
    "at least 16M; leave --memory-limit out for the default";

// Why `reading` breaks `rule`, with what is allowed ("too large; allowed: 0 to 4096, ..."), or
// "" when the value is allowed.
std::string number_refusal(const cli::number_reading& reading, const number_rule& rule);

// The options that take a file or a directory; '-' is standard input or output for the files.
struct path_option {
  std::string_view name;
  std::string_view kind;  // FILE or DIR
};
inline constexpr std::array path_options{
    path_option{"output", "FILE"},     path_option{"rejects", "FILE"},
    path_option{"duplicates", "FILE"}, path_option{"counts", "FILE"},
    path_option{"stats-json", "FILE"}, path_option{"report", "FILE"},
    path_option{"exclude", "FILE"},    path_option{"temp-dir", "DIR"}};

const path_option* path_option_named(std::string_view name);

// A value that begins with '-' (given as "--stats-json --quiet", "--stats-json=--quiet" or
// "-o-x"): far more often a forgotten argument than a file named so. `typed`: the option as
// the user typed it.
std::string option_like_refusal(const path_option& option, std::string_view typed,
                                std::string_view value);

// Why `value` cannot be `option`'s file or directory, or "": an empty name (inside the
// pipeline "" means "not given", and an empty output failed only at the end of the run), '-'
// for a directory (for files it is standard input or output), an option-like name.
std::string path_refusal(const path_option& option, std::string_view typed, std::string_view value);

}  // namespace fenbatch::app::option_values
