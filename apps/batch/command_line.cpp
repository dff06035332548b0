#include "command_line.hpp"

#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "move_options.hpp"
#include "option_suggestion.hpp"
#include "option_values.hpp"
#include "plain_output.hpp"
#include "reason_list.hpp"
#include "record_options.hpp"
#include "selection_options.hpp"
#include "survivor_options.hpp"
#include "typed_option.hpp"

#include "fenbatch/cli/byte_size.hpp"
#include "fenbatch/cli/choice_help.hpp"
#include "fenbatch/cli/parse_number.hpp"
#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/option_names.hpp"
#include "fenbatch/pipeline/compression.hpp"
#include "fenbatch/pipeline/record_format.hpp"
#include "fenbatch/version.hpp"

namespace fenbatch::app {
namespace {

namespace po = boost::program_options;
using option_values::number_rule;
using option_values::path_option;
using option_values::shown;
using pipeline::run_config;
using typed_option::typed_name;

// The values an option was given (one, or each of a repeatable one's).
std::vector<std::string> values_of(const po::variables_map& vm, const std::string& name) {
  const auto found = vm.find(name);
  if (found == vm.end()) return {};
  if (const auto* one = boost::any_cast<std::string>(&found->second.value())) return {*one};
  return boost::any_cast<std::vector<std::string>>(found->second.value());
}

class option_reader {
 public:
  explicit option_reader(std::vector<std::string> args) : args_(std::move(args)) {}

  [[noreturn]] void invalid_value(std::string_view option, const std::string& text,
                                  const std::string& hint = {}) const {
    throw usage_error("invalid value for " + typed_name(args_, option) + ": " + shown(text) +
                      (hint.empty() ? "" : " (" + hint + ")"));
  }
  // A number within `rule` (fenbatch::cli's strict reading); a refusal says why and what is
  // allowed.
  std::uint64_t number(const std::string& text, std::string_view option,
                       const number_rule& rule) const {
    const cli::number_reading reading =
        rule.size ? cli::read_size(text, rule.high) : cli::read_count(text, rule.high);
    const std::string refusal = option_values::number_refusal(reading, rule);
    if (!refusal.empty()) invalid_value(option, text, refusal);
    return reading.value;
  }
  // --memory-limit: a size (cli/byte_size.hpp), at least the smallest budget a run accepts.
  std::uint64_t memory_size(const std::string& text) const {
    const cli::byte_size size = cli::parse_byte_size(text);
    const std::string allowed = "; allowed: " + std::string(option_values::memory_allowed);
    if (size.error != cli::size_error::none) {
      invalid_value("memory-limit", text, cli::describe(size.error, text) + allowed);
    }
    if (size.bytes < option_values::min_memory_limit) {
      invalid_value("memory-limit", text, "too small" + allowed);
    }
    return size.bytes;
  }
  template <class Enum>
  Enum choice(const std::string& text, std::string_view option) const {
    if (const std::optional<Enum> value = core::parse_option<Enum>(text)) return *value;
    invalid_value(option, text, "choose " + core::option_choices<Enum>());
  }
  // Every FILE and DIR value (option_values::path_refusal), and every operand: none empty.
  void check_paths(const po::variables_map& vm, const std::vector<std::string>& operands) const {
    for (const path_option& option : option_values::path_options) {
      for (const std::string& value : values_of(vm, std::string(option.name))) {
        const std::string refusal =
            option_values::path_refusal(option, typed_name(args_, option.name), value);
        if (!refusal.empty()) throw usage_error(refusal);
      }
    }
    if (std::find(operands.begin(), operands.end(), "") != operands.end()) {
      throw usage_error(
          "an operand is empty (''): name a file, or '-' for standard input or output");
    }
  }
  // Boost's message, with the option as typed ("-j", not "--threads") and, for an unknown
  // option, the nearest known one.
  [[noreturn]] void rethrow(const po::error& e, const po::options_description& options) const {
    std::string what = e.what();
    if (const auto* unknown = dynamic_cast<const po::unknown_option*>(&e)) {
      std::vector<std::string> names;
      for (const auto& option : options.options()) names.push_back(option->long_name());
      if (const auto near = nearest_option(unknown->get_option_name(), names)) {
        what += " (did you mean " + *near + "?)";
      }
    } else if (const auto* named = dynamic_cast<const po::error_with_option_name*>(&e)) {
      const std::string canonical = named->get_option_name();  // "--threads"
      if (canonical.starts_with("--")) {
        const std::string_view name = std::string_view(canonical).substr(2);
        refuse_as_path(e, name);
        const std::string typed = typed_name(args_, name);
        if (const std::size_t at = what.find("'" + canonical + "'"); at != std::string::npos) {
          what.replace(at + 1, canonical.size(), typed);
        }
      }
    }
    throw usage_error(what);
  }

 private:
  // Boost refuses "--rejects -d" (a known option where the value should be) as a missing
  // argument, while it takes "--stats-json --quiet" as the value, and "--rejects=" as a syntax
  // error: each gets the message of check_paths.
  void refuse_as_path(const po::error& e, std::string_view name) const {
    using syntax_error = po::invalid_command_line_syntax;
    const auto* syntax = dynamic_cast<const syntax_error*>(&e);
    const path_option* option = option_values::path_option_named(name);
    if (syntax == nullptr || option == nullptr) return;
    const std::string typed = typed_name(args_, name);
    if (syntax->kind() == syntax_error::empty_adjacent_parameter) {
      throw usage_error(option_values::path_refusal(*option, typed, ""));
    }
    if (syntax->kind() != syntax_error::missing_parameter) return;
    if (const auto word = typed_option::option_like_word_after(args_, name)) {
      throw usage_error(option_values::option_like_refusal(*option, typed, *word));
    }
  }

  std::vector<std::string> args_;
};

constexpr std::string_view description =
    "Validate, normalize and optionally deduplicate FEN/EPD positions: 8x8 chess and Chess960,\n"
    "and X-FEN's 10x8 boards (Capablanca family: archbishop A, chancellor C), mixed freely.\n"
    "As with uniq, INPUT defaults to standard input and OUTPUT to standard output ('-' names\n"
    "either). Several inputs need -o OUTPUT: without -o, three or more operands are an error.\n"
    "Inputs are read in order as one stream; .gz .bz2 .xz .zst inputs are decompressed.\n"
    "No written file may be an input or another written file; only the output may be the\n"
    "single input (in place), and only one stream may go to standard output.\n";

// The synopsis and examples under the name of the program that prints them: fenbatch-mpi
// shares this command line and runs under mpirun.
std::string usage_text(std::string_view program) {
  const std::string name(program);
  const std::string call = program == "fenbatch-mpi" ? "mpirun -n 4 " + name : name;
  std::string text = "Usage: " + name + " [OPTIONS] [INPUT [OUTPUT]]\n";
  text += "       " + name + " [OPTIONS] -o OUTPUT INPUT...\n";
  text += description;
  text += "\nExamples:\n";
  for (const std::string_view example :
       {" --dedupe games.fen unique.fen",
        " -d --rejects bad.txt --stats -o all.epd.zst part1.epd part2.epd.gz",
        " -d --exclude test.epd --counts counts.tsv train.fen train-clean.fen"}) {
    text += "  " + call;
    text += example;
    text += '\n';
  }
  return text;
}

constexpr const char* exit_status_text =
    "\nExit status: 0 success (invalid lines are data); 1 --max-invalid exceeded, or no valid\n"
    "line at all (each input without one gets a warning); 2 usage or I/O error (nothing\n"
    "written).\n";

// The output format an output name asks for: "out.epd" (also "out.epd.zst") keeps each
// record's form (an EPD record with its operations, a FEN record with its counters and any
// operations: an .epd file of 6-field lines loses nothing); anything else, standard output
// included, FEN.
core::output_format output_format_for_name(std::string_view path) {
  return pipeline::without_compression_suffix(path).ends_with(".epd") ? core::output_format::keep
                                                                      : core::output_format::fen;
}

// --compress: "codec of the output: auto (by its name: .zst .gz .xz .bz2; in place: the
// input's)|none|zstd|gzip|xz|bzip2; ...", from the pipeline's tables of codecs and suffixes.
std::string codec_help() {
  std::string codecs = pipeline::compression_choices();
  codecs.insert(codecs.find('|'), " (by its name: " + pipeline::compression_suffix_list() +
                                      "; in place: the input's)");
  return "codec of the output: " + codecs + "; side files always go by their names";
}

// The options' raw texts: numbers are read as text (Boost would turn "-1" into a huge unsigned
// value), choices by their names.
struct option_texts {
  std::string key, format, castling, ep, output;
  std::string chunk_size = "1M", threads = "0", samples = "3", max_invalid, max_bytes;
  std::string compress = "auto", level, top = "20";
  std::string memory_limit;
  survivor_texts survivors;  // which occurrence survives
  move_texts moves;          // moves applied and checked
  std::vector<std::string> operands;
  selection_texts selection;
  record_texts records;  // how input records are read
};

// The visible options, in the groups --help shows.
po::options_description visible_options(command_line& c, option_texts& t) {
  using cli::choices_with_default;
  run_config& config = c.config;
  const std::string key_help = "dedupe identity: " + choices_with_default(config.key) +
                               " (fen adds the counters, board is placement and side only)";
  const std::string format_help =
      "output format: fen (6 fields), epd (4 fields + operations), keep (each record's own "
      "form) or plain (Stockfish's .plain records); default: keep for an output named *.epd "
      "(before a compression suffix) when the input is FEN/EPD, plain for one named *.plain, "
      "else fen";
  const std::string castling_help =
      "castling notation: " + choices_with_default(config.write.castling);
  const std::string ep_help = "en-passant square written: " + choices_with_default(config.write.ep);
  const std::string compress_help = codec_help();

  // One option per line reads better than clang-format's layout of the chained calls.
  // clang-format off
  po::options_description main_job("Main job");
  main_job.add_options()
      ("dedupe,d", "drop repeated positions, keeping the first occurrence")
      ("key", po::value(&t.key)->value_name("KIND"), key_help.c_str())
      ("output,o", po::value(&t.output)->value_name("FILE"),
       "write the records here; every operand is then an input")
      ("exclude", po::value(&config.exclude_paths)->value_name("REF"),
       "drop every position found in this reference file (repeatable)");
  po::options_description input("Input and formats");
  add_record_options(input, config, t.records);
  input.add_options()
      ("payload", "keep text after the position's fields (labels) instead of rejecting it")
      ("no-mmap", "read regular files instead of mapping them")
      ("allow-special", "accept character and block devices as input")
      ("max-bytes", po::value(&t.max_bytes)->value_name("N"),
       "read only the lines starting in the first N bytes, whole (N at least 1; suffixes K, M, G)");
  po::options_description output("Output");
  output.add_options()
      ("format", po::value(&t.format)->value_name("FORMAT"), format_help.c_str())
      ("castling", po::value(&t.castling)->value_name("NOTATION"), castling_help.c_str())
      ("ep", po::value(&t.ep)->value_name("POLICY"), ep_help.c_str())
      ("compress", po::value(&t.compress)->value_name("CODEC"), compress_help.c_str())
      ("level", po::value(&t.level)->value_name("N"),
       "the output's compression level: zstd 1-22, gzip/xz/bzip2 1-9 (default: the codec's)")
      ("rejects", po::value(&config.rejects_path)->value_name("FILE"),
       "write every rejected line here")
      ("duplicates", po::value(&config.duplicates_path)->value_name("FILE"),
       "write every line dropped as a duplicate here, with its first occurrence")
      ("counts", po::value(&config.counts_path)->value_name("FILE"),
       "write count, position and first occurrence of every unique position here");
  po::options_description validation("Validation");
  validation.add_options()
      ("repair", "repair digit runs, castling order, stale castling rights and ep squares")
      ("max-invalid", po::value(&t.max_invalid)->value_name("N"),
       "exit 1 if more than N lines are invalid")
      ("samples", po::value(&t.samples)->value_name("N"),
       "invalid lines quoted on stderr per reason (default 3; at most 100 kept)")
      ("list-reasons", "list every reason a line can be rejected for, and exit");
  po::options_description statistics("Statistics and messages");
  statistics.add_options()
      ("stats", "print a statistics summary to stderr")
      ("stats-json", po::value(&config.stats_json_path)->value_name("FILE"),
       "write statistics as JSON here")
      ("report", po::value(&config.report_path)->value_name("FILE"),
       "write an HTML report of the run here (one self-contained page: charts, board diagrams)")
      ("top", po::value(&t.top)->value_name("N"),
       "entries in the most-repeated and material lists (default 20)")
      ("no-progress", "no progress line on a terminal")
      ("quiet,q", "no progress, samples, summaries or warnings; errors only");
  po::options_description performance("Performance knobs");
  performance.add_options()
      ("threads,j", po::value(&t.threads)->value_name("N"),
       "worker threads (0, the default, and most: the CPUs this process may run on)")
      ("chunk-size", po::value(&t.chunk_size)->value_name("BYTES"),
       "bytes per unit of parallel work (default 1M, at most 256M)");
  po::options_description memory("Memory and temporary files");
  memory.add_options()
      ("memory-limit", po::value(&t.memory_limit)->value_name("SIZE"),
       "memory for the dedupe set, chunks and spill buffers; past it, dedupe goes on in "
       "partitions on disk with the same results. K, M, G, T (binary); at least 16M. Default: "
       "half the least of RAM, the cgroup's limit, ulimit -v and -d")
      ("temp-dir", po::value(&config.temp_dir)->value_name("DIR"),
       "temporary files (unnamed: none is left behind) go here; default $TMPDIR, else /tmp");
  po::options_description other("Other");
  other.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit");
  // clang-format on
  po::options_description visible;
  visible.add(main_job)
      .add(selection_options(config, t.selection))
      .add(survivor_options(t.survivors))
      .add(move_options(t.moves))
      .add(input)
      .add(output)
      .add(validation);
  visible.add(statistics).add(performance).add(memory).add(other);
  return visible;
}

// `fenbatch [OPTIONS] [INPUT [OUTPUT]]`, or every operand an input with -o.
void assign_operands(run_config& config, std::vector<std::string> operands,
                     const std::optional<std::string>& output) {
  if (output) {
    config.output = *output;
  } else if (operands.size() >= 3) {
    throw usage_error("too many operands (" + std::to_string(operands.size()) +
                      "): several inputs need -o OUTPUT; without -o the operands are "
                      "[INPUT [OUTPUT]]");
  } else if (operands.size() == 2) {
    config.output = operands.back();
    operands.pop_back();
  }
  config.inputs = std::move(operands);
  if (config.inputs.empty()) config.inputs.push_back("-");
}

// The numeric options, each within its range (option_values.hpp).
void read_numbers(command_line& c, const option_texts& t, const po::variables_map& vm,
                  const option_reader& read) {
  run_config& config = c.config;
  if (vm.count("level") != 0) {
    config.compression_level =
        static_cast<int>(read.number(t.level, "level", option_values::level));
  }
  config.top = static_cast<std::size_t>(read.number(t.top, "top", option_values::top));
  config.threads = static_cast<unsigned>(read.number(t.threads, "threads", option_values::threads));
  config.samples_per_reason =
      static_cast<unsigned>(read.number(t.samples, "samples", option_values::samples));
  config.chunk_size =
      static_cast<std::size_t>(read.number(t.chunk_size, "chunk-size", option_values::chunk_size));
  if (vm.count("max-bytes") != 0) {
    config.max_bytes = read.number(t.max_bytes, "max-bytes", option_values::max_bytes);
  }
  if (vm.count("memory-limit") != 0) config.memory_limit = read.memory_size(t.memory_limit);
  read_survivors(t.survivors, config);
  read_moves(t.moves, config);
  if (vm.count("max-invalid") != 0) {
    c.max_invalid = read.number(t.max_invalid, "max-invalid", option_values::max_invalid);
  }
}

}  // namespace

std::optional<command_line> parse_command_line(int argc, char** argv, bool prints,
                                               std::string_view program) {
  command_line c;
  option_texts t;
  // The enum options start from run_config's defaults, by the names core gives them.
  t.key = core::to_string(c.config.key);
  t.format = core::to_string(c.config.write.format);
  t.castling = core::to_string(c.config.write.castling);
  t.ep = core::to_string(c.config.write.ep);
  const option_reader read(std::vector<std::string>(argv + std::min(argc, 1), argv + argc));

  const po::options_description visible = visible_options(c, t);
  po::options_description hidden;
  hidden.add_options()("operand", po::value(&t.operands));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("operand", -1);
  // No abbreviations: "--dedup" is an error with a suggestion, not --dedupe, so that a later
  // option starting the same way cannot change what an old command line means.
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;

  po::variables_map vm;
  try {
    po::store(
        po::command_line_parser(argc, argv).options(all).positional(positional).style(style).run(),
        vm);
    po::notify(vm);
  } catch (const po::error& e) {
    read.rethrow(e, all);
  }
  if (vm.count("help") != 0) {
    if (prints) std::cout << usage_text(program) << '\n' << visible << exit_status_text;
    return std::nullopt;
  }
  if (vm.count("list-reasons") != 0) {
    if (prints) print_reasons(std::cout);
    return std::nullopt;
  }
  // A forced decoder that this build or CPU cannot run (core only records it): refused, before
  // --version prints and before any file is opened.
  if (const auto& decoder = core::selected_decoder(); !decoder.ok()) {
    throw std::runtime_error(decoder.message());
  }
  if (vm.count("version") != 0) {
    // The decoder in use (FENBATCH_FORCE_IMPL or the CPU's best), for bug reports and benchmarks.
    if (prints) {
      std::cout << program << ' ' << FENBATCH_VERSION_STRING
                << "\ndecoder: " << core::decoder_name() << '\n';
    }
    return std::nullopt;
  }

  read.check_paths(vm, t.operands);
  run_config& config = c.config;
  assign_operands(config, std::move(t.operands),
                  vm.count("output") != 0 ? std::optional(t.output) : std::nullopt);

  config.dedupe = vm.count("dedupe") != 0;
  using core::castling_notation;
  using core::ep_policy;
  using core::key_kind;
  using core::output_format;
  config.key = read.choice<key_kind>(t.key, "key");
  config.write.castling = read.choice<castling_notation>(t.castling, "castling");
  config.write.ep = read.choice<ep_policy>(t.ep, "ep");
  config.decode.repair = vm.count("repair") != 0;
  config.decode.payload = vm.count("payload") != 0;
  read_record_options(vm, t.records, config);
  config.plain_output = writes_plain(vm.count("format") != 0, t.format, config.output);
  if (vm.count("format") != 0 && !config.plain_output) {
    config.write.format = read.choice<output_format>(t.format, "format");
  } else if (config.format.value_or(pipeline::infer_input_format(config.inputs.front())) ==
             pipeline::input_format::fen) {
    // CSV, TSV and JSON-lines records are written in their own shape, whatever the name.
    config.write.format = output_format_for_name(config.output);
  }
  if (const auto codec = pipeline::parse_compression(t.compress)) {
    config.output_compression = *codec;
  } else {
    read.invalid_value("compress", t.compress, "choose " + pipeline::compression_choices());
  }
  config.use_mmap = vm.count("no-mmap") == 0;
  config.allow_special_files = vm.count("allow-special") != 0;
  c.print_stats = vm.count("stats") != 0;
  c.quiet = vm.count("quiet") != 0;
  c.progress = !c.quiet && vm.count("no-progress") == 0 && ::isatty(STDERR_FILENO) != 0;
  read_numbers(c, t, vm, read);
  check_selection(config, t.selection);
  return c;
}

}  // namespace fenbatch::app
