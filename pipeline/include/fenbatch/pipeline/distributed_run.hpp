// The run over the ranks of an MPI job (fenbatch-mpi): the same job as run(), with the same
// files and statistics, its inputs shared out among the ranks by byte ranges and its dedupe
// keys among them by key bits. Built only where MPI is (the fenbatch::distributed library);
// no MPI type appears here.
#pragma once

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

// Every rank calls it with the same configuration, between a distributed_session's start and
// end. Rank 0 publishes the files and returns the whole run's statistics; the other ranks
// return theirs (their part). When any rank fails, every rank throws std::runtime_error with
// the first failing rank's message ("rank 2: in.fen: No such file or directory"), and nothing
// is published. Refused (config_error) on every rank: standard input as an input, --max-bytes.
run_stats run_distributed(const run_config& config);

}  // namespace fenbatch::pipeline
