// fenbatch-mpi: fenbatch's command line (batch/batch_main.hpp) over the ranks of an MPI job
// (fenbatch/pipeline/distributed_run.hpp): `mpirun -n 4 fenbatch-mpi --dedupe -o out in...`.
// Rank 0 prints; every rank exits with rank 0's status.

#include "batch/batch_main.hpp"
#include "fenbatch/pipeline/distributed_run.hpp"

int main(int argc, char** argv) {
  const fenbatch::pipeline::distributed_session session(argc, argv);
  const int status = fenbatch::app::batch_main(
      argc, argv, {"fenbatch-mpi", fenbatch::pipeline::run_distributed, session.rank() == 0});
  return session.agree_on_exit_status(status);
}
