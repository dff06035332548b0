// LD_PRELOAD shim for the distributed.run.rank_killed_in_exchange case (built with mpicc): the
// MPI rank whose OMPI_COMM_WORLD_RANK is $FB_KILL_RANK raises SIGKILL at its first call of
// MPI_Alltoall or MPI_Alltoallv (the dedupe exchange), after writing its process id to
// $FB_KILL_MARK (so that the test knows the kill happened, and which temporaries were the
// killed process's). Every other call, and every other rank, goes to the real function.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void kill_if_chosen(void) {
  const char* rank = getenv("OMPI_COMM_WORLD_RANK");
  const char* want = getenv("FB_KILL_RANK");
  if (rank == NULL || want == NULL || strcmp(rank, want) != 0) return;
  const char* mark = getenv("FB_KILL_MARK");
  if (mark != NULL) {
    FILE* f = fopen(mark, "w");
    if (f != NULL) {
      fprintf(f, "%ld\n", (long)getpid());
      fclose(f);
    }
  }
  raise(SIGKILL);
}

typedef int (*alltoall_fn)(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm);
typedef int (*alltoallv_fn)(const void*, const int*, const int*, MPI_Datatype, void*, const int*,
                            const int*, MPI_Datatype, MPI_Comm);

int MPI_Alltoall(const void* send, int send_count, MPI_Datatype send_type, void* receive,
                 int receive_count, MPI_Datatype receive_type, MPI_Comm comm) {
  kill_if_chosen();
  const alltoall_fn real = (alltoall_fn)dlsym(RTLD_NEXT, "MPI_Alltoall");
  return real(send, send_count, send_type, receive, receive_count, receive_type, comm);
}

int MPI_Alltoallv(const void* send, const int* send_counts, const int* send_offsets,
                  MPI_Datatype send_type, void* receive, const int* receive_counts,
                  const int* receive_offsets, MPI_Datatype receive_type, MPI_Comm comm) {
  kill_if_chosen();
  const alltoallv_fn real = (alltoallv_fn)dlsym(RTLD_NEXT, "MPI_Alltoallv");
  return real(send, send_counts, send_offsets, send_type, receive, receive_counts, receive_offsets,
              receive_type, comm);
}
