// fenbatch-mpi: fenbatch's command line (batch/batch_main.hpp) over the ranks of an MPI job
// (fenbatch/pipeline/distributed_run.hpp): `mpirun -n 4 fenbatch-mpi --dedupe -o out in...`.
// Every rank first shows the others what its command line came to (agree_on_start): ranks
// started with other options or inputs all stop, exit 2. Rank 0 prints and exits with the
// run's status; the other ranks, which reach the same outcome, exit 0: mpirun ends the job at
// the first rank that exits non-zero, and then rank 0, still finishing, would be interrupted.

#include <string>
#include <string_view>

#include "batch/batch_main.hpp"
#include "batch/command_line.hpp"
#include "fenbatch/pipeline/distributed_run.hpp"

namespace {

using fenbatch::app::command_line;
using fenbatch::app::parse_outcome;

// Which of --help, --list-reasons and --version a command line that runs nothing asked for
// (in the order the parser answers them).
std::string early_exit(int argc, char** argv) {
  bool help = false;
  bool reasons = false;
  bool version = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    help = help || arg == "--help" || arg == "-h";
    reasons = reasons || arg == "--list-reasons";
    version = version || arg == "--version";
  }
  if (help) return "a request for --help";
  if (reasons) return "a request for --list-reasons";
  if (version) return "a request for --version";
  return "a request for --help, --version or --list-reasons";
}

fenbatch::pipeline::rank_start start_of(const parse_outcome& outcome, int argc, char** argv) {
  fenbatch::pipeline::rank_start start;
  if (outcome.run != nullptr) {
    const command_line& c = *outcome.run;
    start.config = &c.config;
    const auto flag = [](bool set) { return std::string(set ? "set" : "not set"); };
    start.program_settings = {
        {"--max-invalid", c.max_invalid ? std::to_string(*c.max_invalid) : "not set"},
        {"--stats", flag(c.print_stats)},
        {"--quiet", flag(c.quiet)}};
  } else if (outcome.error != nullptr) {
    start.instead = std::string("an error (") + outcome.error + ")";
  } else {
    start.instead = early_exit(argc, argv);
  }
  return start;
}

}  // namespace

int main(int argc, char** argv) {
  int status = fenbatch::app::exit_success;
  bool first_rank = true;
  {
    const fenbatch::pipeline::distributed_session session(argc, argv);
    first_rank = session.rank() == 0;
    const auto agree = [argc, argv](const parse_outcome& outcome) {
      fenbatch::pipeline::agree_on_start(start_of(outcome, argc, argv));
    };
    status = fenbatch::app::batch_main(
        argc, argv, {"fenbatch-mpi", fenbatch::pipeline::run_distributed, first_rank}, agree);
  }
  return first_rank ? status : fenbatch::app::exit_success;
}
