// fenbatch-mpi: fenbatch's command line (batch/batch_main.hpp) over the ranks of an MPI job
// (fenbatch/pipeline/distributed_run.hpp): `mpirun -n 4 fenbatch-mpi --dedupe -o out in...`.
// Rank 0 prints and exits with the run's status; the other ranks, which reach the same
// outcome, exit 0: mpirun ends the job at the first rank that exits non-zero, and then
// rank 0, still finishing, would be interrupted.

#include "batch/batch_main.hpp"
#include "fenbatch/pipeline/distributed_run.hpp"

int main(int argc, char** argv) {
  int status = fenbatch::app::exit_success;
  bool first_rank = true;
  {
    const fenbatch::pipeline::distributed_session session(argc, argv);
    first_rank = session.rank() == 0;
    status = fenbatch::app::batch_main(
        argc, argv, {"fenbatch-mpi", fenbatch::pipeline::run_distributed, first_rank});
  }
  return first_rank ? status : fenbatch::app::exit_success;
}
