// fenbatch: the command line. Parses options into a pipeline::run_config, runs it, prints
// diagnostics and statistics, and maps the outcome to exit codes (0 success, 1 --max-invalid
// exceeded, 2 usage or I/O error), as ripgrep and GNU sort do.

#include <fcntl.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "fenbatch/cli/choice_help.hpp"
#include "fenbatch/cli/parse_number.hpp"
#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/option_names.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/pipeline/io_error.hpp"
#include "fenbatch/pipeline/run.hpp"

namespace {

namespace po = boost::program_options;
using fenbatch::pipeline::run_config;
using fenbatch::pipeline::run_stats;

constexpr int exit_success = 0;
constexpr int exit_too_many_invalid = 1;
constexpr int exit_error = 2;

// A standard descriptor closed by the caller (`fenbatch ... >&-`) would be reused by the next
// open(), and data meant for stdout would land in, say, the rejects file. Park /dev/null on
// each closed one and remember: output to a closed stdout is an error, not a silent success.
bool stdout_was_closed = false;
bool stderr_was_closed = false;

void occupy_closed_standard_descriptors() {
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == STDOUT_FILENO) stdout_was_closed = true;
    // A closed stderr gets /dev/full: every write to it then fails and is caught like any
    // unwritable stderr, while a run with nothing to say (-q) still succeeds.
    if (fd == STDERR_FILENO) stderr_was_closed = true;
    const char* parking = fd == STDERR_FILENO ? "/dev/full" : "/dev/null";
    const int parked = ::open(parking, fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
    if (parked != fd && parked >= 0) ::close(parked);  // (another thread raced us: give up)
  }
}

struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void invalid_value(const char* option, const std::string& text) {
  throw usage_error(std::string("invalid value for ") + option + ": '" + text + "'");
}

// A decimal number no larger than `limit` (fenbatch::cli's strict reading).
std::uint64_t count_option(const std::string& text, const char* option, std::uint64_t limit) {
  if (const std::optional<std::uint64_t> value = fenbatch::cli::parse_count(text, limit)) {
    return *value;
  }
  invalid_value(option, text);
}

// A size with an optional K, M or G suffix.
std::uint64_t size_option(const std::string& text, const char* option) {
  if (const std::optional<std::uint64_t> value = fenbatch::cli::parse_size(text)) return *value;
  invalid_value(option, text);
}

template <class Enum>
Enum parse_choice(const std::string& text, const char* option) {
  if (const std::optional<Enum> value = fenbatch::core::parse_option<Enum>(text)) return *value;
  throw usage_error(std::string("invalid value for ") + option + ": '" + text + "' (choose " +
                    fenbatch::core::option_choices<Enum>() + ")");
}

struct cli {
  run_config config;
  bool print_stats = false;
  bool quiet = false;
  bool progress = true;
  std::optional<std::uint64_t> max_invalid;
};

const char* const usage_text =
    "Usage: fenbatch [OPTIONS] INPUT... [OUTPUT]\n"
    "       fenbatch [OPTIONS] -o OUTPUT INPUT...\n"
    "Validate, normalize and optionally deduplicate FEN/EPD lines.\n"
    "Without -o, the last of two or more operands is the output; '-' is stdin/stdout.\n"
    "Inputs are read in order as one stream; .gz .bz2 .xz .zst are detected and decompressed.\n";

std::optional<cli> parse_command_line(int argc, char** argv) {
  cli c;
  using fenbatch::cli::choices_with_default;
  using fenbatch::core::to_string;
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
  if (const auto& decoder = fenbatch::core::selected_decoder(); !decoder.ok()) {
    throw std::runtime_error(decoder.message());
  }
  if (vm.count("version") != 0) {
    // The decoder in use (FENBATCH_FORCE_IMPL or the CPU's best), for bug reports and benchmarks.
    std::cout << "fenbatch " << FENBATCH_VERSION << "\ndecoder: " << fenbatch::core::decoder_name()
              << '\n';
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
  using fenbatch::core::castling_notation;
  using fenbatch::core::ep_policy;
  using fenbatch::core::key_kind;
  using fenbatch::core::output_format;
  config.key = parse_choice<key_kind>(key, "--key");
  config.write.format = parse_choice<output_format>(format, "--format");
  config.write.castling = parse_choice<castling_notation>(castling, "--castling");
  config.write.ep = parse_choice<ep_policy>(ep, "--ep");
  config.decode.repair = vm.count("repair") != 0;
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

std::string with_commas(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The summary takes the counters' labels and values from their one list (run_counters.hpp);
// this decides only which are shown, and where.
using fenbatch::pipeline::counter;
using fenbatch::pipeline::counter_info;
using fenbatch::pipeline::describe;

// A counter's name for people: "legal ep" for legal_ep.
std::string label(std::string_view name) {
  std::string text(name);
  for (char& c : text) c = c == '_' ? ' ' : c;
  return text;
}

// "fenbatch: 7 invalid lines (rank_width 5, field_count 2)": the reasons that occurred.
void print_invalid_summary(const run_stats& s) {
  const counter_info& reasons = describe(counter::invalid_by_reason);
  const std::span<const std::uint64_t> counts = reasons.values(s);
  std::string by_reason;
  for (std::size_t e = 0; e < counts.size(); ++e) {
    if (counts[e] == 0) continue;
    by_reason += by_reason.empty() ? "" : ", ";
    by_reason += reasons.element_name(e) + " " + with_commas(counts[e]);
  }
  std::fprintf(stderr, "fenbatch: %s invalid line%s (%s)\n", with_commas(s.invalid).c_str(),
               s.invalid == 1 ? "" : "s", by_reason.c_str());
}

// One line of counters: "group: name N, name N; name: N", a group being a nested object of
// the JSON document.
void print_counter_line(const run_stats& s, std::initializer_list<counter> counters) {
  std::string line = " ";
  std::string_view group;
  for (const counter c : counters) {
    const counter_info& info = describe(c);
    const std::string value = with_commas(info.value(s));
    if (!info.group().empty() && info.group() == group) {
      line += ", " + label(info.name()) + " " + value;
      continue;
    }
    line += line.size() == 1 ? " " : "; ";
    group = info.group();
    line += group.empty() ? label(info.name()) + ": " + value
                          : label(group) + ": " + label(info.name()) + " " + value;
  }
  std::fprintf(stderr, "%s\n", line.c_str());
}

void print_stats(const run_stats& s, const run_config& config) {
  const double seconds = s.wall_seconds > 0 ? s.wall_seconds : 1e-9;
  std::fprintf(stderr,
               "fenbatch: %s lines, %.1f MB in %.3f s (%.1f MB/s, %.2f M lines/s, %u threads)\n",
               with_commas(s.lines).c_str(), static_cast<double>(s.bytes) / 1e6, s.wall_seconds,
               static_cast<double>(s.bytes) / 1e6 / seconds,
               static_cast<double>(s.lines) / 1e6 / seconds, s.threads);
  for (const counter c :
       {counter::valid, counter::invalid, counter::skipped_blank, counter::skipped_comment,
        counter::written, counter::duplicates, counter::unique}) {
    const counter_info& info = describe(c);
    if (info.reported == fenbatch::pipeline::counter_reported::with_dedupe && !config.dedupe) {
      continue;
    }
    std::fprintf(stderr, "  %-12s %15s\n", label(info.name()).c_str(),
                 with_commas(info.value(s)).c_str());
  }
  const counter_info& repairs = describe(counter::repairs);
  const std::span<const std::uint64_t> repaired = repairs.values(s);
  for (std::size_t k = 0; k < repaired.size(); ++k) {
    if (repaired[k] != 0) {
      std::fprintf(stderr, "  repaired %-16s %s\n", repairs.element_name(k).c_str(),
                   with_commas(repaired[k]).c_str());
    }
  }
  std::fprintf(stderr,
               "  reconciliation: lines %s = written + duplicates + invalid + skipped: %s\n",
               with_commas(s.lines).c_str(), s.reconciles() ? "ok" : "MISMATCH");
  print_counter_line(s, {counter::white_to_move, counter::black_to_move, counter::castling_none,
                         counter::castling_standard, counter::castling_chess960});
  print_counter_line(s, {counter::legal_ep, counter::in_check});
  const std::vector<fenbatch::pipeline::counted_text> material = s.top_material();
  for (std::size_t i = 0; i < material.size() && i < 5; ++i) {
    std::fprintf(stderr, "  material #%zu: %s %s\n", i + 1, material[i].text.c_str(),
                 with_commas(material[i].count).c_str());
  }
  for (std::size_t i = 0; i < s.most_repeated.size() && i < 5; ++i) {
    std::fprintf(stderr, "  repeated #%zu: %s x%s\n", i + 1, s.most_repeated[i].text.c_str(),
                 with_commas(s.most_repeated[i].count).c_str());
  }
}

void show_progress(const fenbatch::pipeline::progress_info& p) {
  const double mb = static_cast<double>(p.bytes_done) / 1e6;
  const double rate = p.seconds > 0 ? mb / p.seconds : 0;
  if (p.bytes_total != 0) {
    const double total = static_cast<double>(p.bytes_total) / 1e6;
    const double eta = rate > 0 ? (total - mb) / rate : 0;
    std::fprintf(stderr, "\rfenbatch: %.0f / %.0f MB (%.1f%%), %.0f MB/s, ETA %.0f s   ", mb, total,
                 100.0 * mb / (total > 0 ? total : 1), rate, eta);
  } else {
    std::fprintf(stderr, "\rfenbatch: %.0f MB, %.0f MB/s   ", mb, rate);
  }
}

int run_cli(int argc, char** argv) {
  std::optional<cli> parsed = parse_command_line(argc, argv);
  if (!parsed) return exit_success;
  cli& c = *parsed;
  run_config& config = c.config;
  if (!c.quiet) {
    // An invalid line that cannot be reported must not pass unnoticed: abort the run, so
    // nothing is published (exit 2), as for any other write error.
    config.diagnostic = [](std::string_view line) {
      if (std::fprintf(stderr, "%.*s\n", static_cast<int>(line.size()), line.data()) < 0) {
        fenbatch::pipeline::throw_io_error("write", "standard error");
      }
    };
  }
  if (c.progress) config.progress = show_progress;

  if (stdout_was_closed && config.output == "-") {
    throw std::runtime_error("write: standard output: Bad file descriptor (it is closed)");
  }
  const run_stats stats = fenbatch::pipeline::run(config);
  if (c.progress) std::fprintf(stderr, "\r%78s\r", "");
  if (!c.quiet && stats.invalid != 0) print_invalid_summary(stats);
  if (c.print_stats) print_stats(stats, config);
  if (c.max_invalid && stats.invalid > *c.max_invalid) {
    if (!c.quiet) {
      std::fprintf(stderr, "fenbatch: %s invalid lines exceed --max-invalid %s\n",
                   with_commas(stats.invalid).c_str(), with_commas(*c.max_invalid).c_str());
    }
    return exit_too_many_invalid;
  }
  // The summary and statistics come after publishing; a failed write still fails the run.
  if (std::ferror(stderr) != 0) return exit_error;
  return exit_success;
}

}  // namespace

int main(int argc, char** argv) {
  occupy_closed_standard_descriptors();
  // No /dev/full to park on a closed stderr: nothing could be reported, so refuse to run.
  if (stderr_was_closed && ::fcntl(STDERR_FILENO, F_GETFD) == -1) return exit_error;
  fenbatch::pipeline::install_signal_cleanup();
  try {
    return run_cli(argc, argv);
  } catch (const usage_error& e) {
    std::fprintf(stderr, "fenbatch: %s\nTry 'fenbatch --help'.\n", e.what());
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "fenbatch: out of memory\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fenbatch: %s\n", e.what());
  }
  return exit_error;
}
