#include "batch/batch_main.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "batch/command_line.hpp"
#include "batch/no_valid_line.hpp"
#include "batch/selection_options.hpp"
#include "batch/summary.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/io_error.hpp"
#include "fenbatch/pipeline/signal_cleanup.hpp"

namespace fenbatch::app {
namespace {

using pipeline::run_config;
using pipeline::run_stats;

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

// The command line, parsed. With `agree` (fenbatch-mpi), every outcome goes to it first,
// errors included, and --help, --version and --list-reasons print only once it has agreed:
// parsed quietly, then again to print.
std::optional<command_line> parse_agreed(int argc, char** argv, const batch_program& program,
                                         const agreement_hook& agree) {
  if (!agree) return parse_command_line(argc, argv, program.prints, program.name);
  std::optional<command_line> parsed;
  try {
    parsed = parse_command_line(argc, argv, false, program.name);
  } catch (const std::exception& e) {
    agree({nullptr, e.what()});
    throw;
  } catch (...) {
    agree({nullptr, "unknown error"});
    throw;
  }
  agree({parsed ? &*parsed : nullptr, nullptr});
  if (!parsed && program.prints) (void)parse_command_line(argc, argv, true, program.name);
  return parsed;
}

int run_cli(int argc, char** argv, const batch_program& program, const agreement_hook& agree) {
  std::optional<command_line> parsed = parse_agreed(argc, argv, program, agree);
  if (!parsed) return exit_success;
  command_line& c = *parsed;
  run_config& config = c.config;
  if (!program.prints) c.quiet = true;
  if (!c.quiet) {
    // An invalid line that cannot be reported must not pass unnoticed: abort the run, so
    // nothing is published (exit 2), as for any other write error.
    config.diagnostic = [](std::string_view line) {
      if (std::fprintf(stderr, "%.*s\n", static_cast<int>(line.size()), line.data()) < 0) {
        fenbatch::pipeline::throw_io_error("write", "standard error");
      }
    };
  }
  if (c.progress && program.prints) config.progress = show_progress;
  if (const std::string note = selection_notice(config);
      !note.empty() && !c.quiet && program.prints) {
    std::fprintf(stderr, "%s: note: %s\n", program.name, note.c_str());
  }

  if (stdout_was_closed && config.output == "-") {
    throw std::runtime_error("write: standard output: Bad file descriptor (it is closed)");
  }
  const run_stats stats = program.run(config);
  if (c.progress && program.prints) std::fprintf(stderr, "\r%78s\r", "");
  if (!c.quiet && stats.invalid != 0) print_invalid_summary(stats);
  if (c.print_stats && program.prints) print_stats(stats, config);
  // Independent of --max-invalid: a run of the wrong file fails however many invalid lines
  // were allowed.
  const bool nothing_valid = report_inputs_without_valid_lines(stats, !c.quiet);
  if (c.max_invalid && stats.invalid > *c.max_invalid) {
    if (!c.quiet) {
      std::fprintf(stderr, "%s: %s invalid lines exceed --max-invalid %s\n", program.name,
                   with_commas(stats.invalid).c_str(), with_commas(*c.max_invalid).c_str());
    }
    return exit_too_many_invalid;
  }
  if (nothing_valid) return exit_too_many_invalid;
  // The summary and statistics come after publishing; a failed write still fails the run.
  if (std::ferror(stderr) != 0) return exit_error;
  return exit_success;
}

}  // namespace

int batch_main(int argc, char** argv, const batch_program& program, const agreement_hook& agree) {
  occupy_closed_standard_descriptors();
  // No /dev/full to park on a closed stderr: nothing could be reported, so refuse to run.
  if (stderr_was_closed && ::fcntl(STDERR_FILENO, F_GETFD) == -1) {
    try {
      if (agree) agree({nullptr, "standard error is closed"});
    } catch (...) {  // (nothing can be reported)
    }
    return exit_error;
  }
  pipeline::install_signal_cleanup(program.name, !program.prints);
  const auto say = [&program](const char* format, const char* what, bool try_help) {
    if (!program.prints) return;
    std::fprintf(stderr, format, program.name, what);
    if (try_help) std::fprintf(stderr, "Try '%s --help'.\n", program.name);
  };
  try {
    return run_cli(argc, argv, program, agree);
  } catch (const usage_error& e) {
    say("%s: %s\n", e.what(), true);
  } catch (const pipeline::config_error& e) {
    // A configuration that cannot run (a written file that is an input...): refused before
    // anything was opened, so a usage error like a bad option.
    say("%s: %s\n", e.what(), true);
  } catch (const std::bad_alloc&) {
    say("%s: %s\n", "out of memory", false);
  } catch (const std::exception& e) {
    say("%s: %s\n", e.what(), false);
  }
  return exit_error;
}

}  // namespace fenbatch::app
