#include "command_line.hpp"

#include <unistd.h>

#include <boost/program_options.hpp>
#include <cstdint>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "fenbatch/cli/choice_help.hpp"
#include "fenbatch/cli/parse_number.hpp"
#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/option_names.hpp"
#include "fenbatch/pipeline/compression.hpp"
#include "fenbatch/pipeline/record_format.hpp"

namespace fenbatch::app {
namespace {

namespace po = boost::program_options;
using pipeline::run_config;

[[noreturn]] void invalid_value(const char* option, const std::string& text) {
  throw usage_error(std::string("invalid value for ") + option + ": '" + text + "'");
}

// A decimal number no larger than `limit` (fenbatch::cli's strict reading).
std::uint64_t count_option(const std::string& text, const char* option, std::uint64_t limit) {
  if (const std::optional<std::uint64_t> value = cli::parse_count(text, limit)) {
    return *value;
  }
  invalid_value(option, text);
}

// A size with an optional K, M or G suffix.
std::uint64_t size_option(const std::string& text, const char* option) {
  if (const std::optional<std::uint64_t> value = cli::parse_size(text)) return *value;
  invalid_value(option, text);
}

template <class Enum>
Enum parse_choice(const std::string& text, const char* option) {
  if (const std::optional<Enum> value = core::parse_option<Enum>(text)) return *value;
  throw usage_error(std::string("invalid value for ") + option + ": '" + text + "' (choose " +
                    core::option_choices<Enum>() + ")");
}

constexpr const char* usage_text =
    "Usage: fenbatch [OPTIONS] INPUT... [OUTPUT]\n"
    "       fenbatch [OPTIONS] -o OUTPUT INPUT...\n"
    "Validate, normalize and optionally deduplicate FEN/EPD lines.\n"
    "Without -o, the last of two or more operands is the output; '-' is stdin/stdout.\n"
    "Inputs are read in order as one stream; .gz .bz2 .xz .zst are detected and decompressed.\n";

}  // namespace

std::optional<command_line> parse_command_line(int argc, char** argv) {
  command_line c;
  using cli::choices_with_default;
  using core::to_string;
  // The enum options start from run_config's defaults, by the names core gives them.
  std::string key(to_string(c.config.key));
  std::string format(to_string(c.config.write.format));
  std::string castling(to_string(c.config.write.castling));
  std::string ep(to_string(c.config.write.ep));
  std::string chunk_size = "1M";
  std::string output;
  std::vector<std::string> operands;
  // Numbers are read as text: Boost would turn "-1" into a huge unsigned value.
  std::string threads = "0";
  std::string samples = "3";
  std::string max_invalid;
  std::string max_bytes = "0";
  std::string input_format;
  std::string compress = "auto";
  std::string level = "0";
  std::string top = "20";

  const std::string key_help = "dedupe identity: " + choices_with_default(c.config.key) +
                               " (fen adds the counters, board is placement and side only)";
  const std::string format_help = "output format: " + choices_with_default(c.config.write.format) +
                                  " (fen: 6 fields; epd: 4 fields + operations)";
  const std::string castling_help =
      "castling notation: " + choices_with_default(c.config.write.castling);
  const std::string ep_help =
      "en-passant square written: " + choices_with_default(c.config.write.ep);
  po::options_description visible("Options");
  // One option per line reads better than clang-format's layout of the chained calls.
  // clang-format off
  visible.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("dedupe,d", "drop repeated positions, keeping the first occurrence")
      ("output,o", po::value(&output), "write normalized records here (all operands are inputs)")
      ("key", po::value(&key), key_help.c_str())
      ("format", po::value(&format), format_help.c_str())
      ("castling", po::value(&castling), castling_help.c_str())
      ("ep", po::value(&ep), ep_help.c_str())
      ("repair", "repair digit runs, castling order, stale castling rights and ep squares")
      ("rejects", po::value(&c.config.rejects_path), "write every rejected line here")
      ("duplicates", po::value(&c.config.duplicates_path),
       "write every line dropped as a duplicate here, with its first occurrence")
      ("counts", po::value(&c.config.counts_path),
       "write count, position and first occurrence of every unique position here")
      ("exclude", po::value(&c.config.exclude_paths),
       "drop every position found in this reference file (repeatable)")
      ("payload", "keep text after the position's fields (labels) instead of rejecting it")
      ("input-format", po::value(&input_format), "input records: fen|csv|tsv|jsonl (default: by name)")
      ("fen-field", po::value(&c.config.fen_field),
       "CSV/TSV column (header name or 1-based number) or JSON key of the position (default fen)")
      ("compress", po::value(&compress), "codec of written files: auto|none|zstd|gzip|xz|bzip2")
      ("level", po::value(&level), "compression level (default: the codec's)")
      ("top", po::value(&top), "entries in the most-repeated and material lists (default 20)")
      ("stats", "print a statistics summary to stderr")
      ("stats-json", po::value(&c.config.stats_json_path), "write statistics as JSON here")
      ("max-invalid", po::value(&max_invalid), "exit 1 if more than N lines are invalid")
      ("threads,j", po::value(&threads),
       "worker threads (default and most: the CPUs this process may run on)")
      ("samples", po::value(&samples), "invalid lines quoted on stderr per reason (default 3)")
      ("no-progress", "no progress line on a terminal")
      ("quiet,q", "no progress, samples or summaries; errors only")
      ("no-mmap", "read regular files instead of mapping them")
      ("allow-special", "accept character and block devices as input")
      ("max-bytes", po::value(&max_bytes), "stop reading after about N bytes (suffixes K, M, G)")
      ("chunk-size", po::value(&chunk_size), "bytes per unit of parallel work (default 1M)");
  // clang-format on
  po::options_description hidden;
  hidden.add_options()("operand", po::value(&operands));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("operand", -1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw usage_error(e.what());
  }
  if (vm.count("help") != 0) {
    std::cout << usage_text << '\n'
              << visible << "\nExit status: 0 success (invalid lines are "
              << "data), 1 --max-invalid exceeded, 2 usage or I/O error.\n";
    return std::nullopt;
  }
  // A forced decoder that this build or CPU cannot run (core only records it): refused, before
  // --version prints and before any file is opened.
  if (const auto& decoder = core::selected_decoder(); !decoder.ok()) {
    throw std::runtime_error(decoder.message());
  }
  if (vm.count("version") != 0) {
    // The decoder in use (FENBATCH_FORCE_IMPL or the CPU's best), for bug reports and benchmarks.
    std::cout << "fenbatch " << FENBATCH_VERSION << "\ndecoder: " << core::decoder_name() << '\n';
    return std::nullopt;
  }

  run_config& config = c.config;
  if (vm.count("output") != 0) {
    config.inputs = operands;
    config.output = output;
  } else if (operands.size() >= 2) {
    config.output = operands.back();
    operands.pop_back();
    config.inputs = operands;
  } else {
    config.inputs = operands;
  }
  if (config.inputs.empty()) config.inputs.push_back("-");

  config.dedupe = vm.count("dedupe") != 0;
  using core::castling_notation;
  using core::ep_policy;
  using core::key_kind;
  using core::output_format;
  config.key = parse_choice<key_kind>(key, "--key");
  config.write.format = parse_choice<output_format>(format, "--format");
  config.write.castling = parse_choice<castling_notation>(castling, "--castling");
  config.write.ep = parse_choice<ep_policy>(ep, "--ep");
  config.decode.repair = vm.count("repair") != 0;
  config.decode.payload = vm.count("payload") != 0;
  if (vm.count("input-format") != 0) {
    config.format = pipeline::parse_input_format(input_format);
    if (!config.format) {
      throw usage_error("invalid value for --input-format: '" + input_format + "' (choose " +
                        pipeline::input_format_choices() + ")");
    }
  }
  if (const auto codec = pipeline::parse_compression(compress)) {
    config.output_compression = *codec;
  } else {
    throw usage_error("invalid value for --compress: '" + compress + "' (choose " +
                      pipeline::compression_choices() + ")");
  }
  config.compression_level = static_cast<int>(count_option(level, "--level", 22));
  config.top = static_cast<std::size_t>(count_option(top, "--top", 1U << 20));
  config.threads = static_cast<unsigned>(count_option(threads, "--threads", 4096));
  config.samples_per_reason = static_cast<unsigned>(count_option(samples, "--samples", 1U << 30));
  config.chunk_size = static_cast<std::size_t>(size_option(chunk_size, "--chunk-size"));
  if (config.chunk_size == 0) throw usage_error("--chunk-size must be positive");
  config.use_mmap = vm.count("no-mmap") == 0;
  config.allow_special_files = vm.count("allow-special") != 0;
  config.max_bytes = size_option(max_bytes, "--max-bytes");
  c.print_stats = vm.count("stats") != 0;
  c.quiet = vm.count("quiet") != 0;
  c.progress = !c.quiet && vm.count("no-progress") == 0 && ::isatty(STDERR_FILENO) != 0;
  if (vm.count("max-invalid") != 0) {
    c.max_invalid = count_option(max_invalid, "--max-invalid", UINT64_MAX);
  }
  return c;
}

}  // namespace fenbatch::app
