// The run over the ranks of an MPI job (fenbatch-mpi): the same job as run(), with the same
// files and statistics, its inputs shared out among the ranks by byte ranges and its dedupe
// keys among them by key bits. Built only where MPI is (the fenbatch::distributed library);
// no MPI type appears here.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"

namespace fenbatch::pipeline {

// MPI for the life of the object: MPI_Init_thread and MPI_Finalize. The run's collective
// operations are all made by the calling thread; with MPI_THREAD_MULTIPLE, a thread of its own
// also sums the ranks' progress for rank 0's progress line.
class distributed_session {
 public:
  distributed_session(int& argc, char**& argv);
  ~distributed_session();
  distributed_session(const distributed_session&) = delete;
  distributed_session& operator=(const distributed_session&) = delete;

  [[nodiscard]] int rank() const noexcept { return rank_; }
  [[nodiscard]] int size() const noexcept { return size_; }

 private:
  int rank_ = 0;
  int size_ = 1;
};

// What a rank's command line came to, for agree_on_start().
struct rank_start {
  const run_config* config = nullptr;  // the run asked for; null when none
  // Without a run, what the rank does instead: "a request for --help", "an error (...)".
  std::string instead;
  // The program's own settings outside run_config that change what it prints or its exit
  // status, by option name: {"--max-invalid", "10"}.
  std::vector<std::pair<std::string, std::string>> program_settings;
};

// Every rank calls it first, whatever its command line came to, before anything is opened:
// ranks started apart (`mpirun -n 1 fenbatch-mpi A : -n 1 fenbatch-mpi B`) must have been
// given the same job. Returns when every rank's start is the same (what is compared and what
// is not: distributed/rank_agreement.hpp); otherwise throws std::runtime_error on every rank
// with the first difference ("ranks disagree: --key is fen on rank 0 and board on rank 1...").
void agree_on_start(const rank_start& start);

// Every rank calls it with the same configuration, between a distributed_session's start and
// end. Rank 0 publishes the files and returns the whole run's statistics; the other ranks
// return theirs (their part). When any rank fails, every rank throws std::runtime_error with
// the first failing rank's message ("rank 2: in.fen: No such file or directory"), and nothing
// is published. Refused (config_error) on every rank: standard input as an input or reference,
// standard output ("-") as the output or a side file, any name of a descriptor (/dev/stdout,
// /dev/fd/N, /proc/self/fd/N) as any file, --max-bytes.
run_stats run_distributed(const run_config& config);

}  // namespace fenbatch::pipeline
