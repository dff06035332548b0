#!/usr/bin/env bash
# fenbatch standing in for fenbatch-mpi, to check these tests themselves: every rank runs the
# whole job (the same files written N times over, atomically), and only rank 0's standard
# output and error are kept, as fenbatch-mpi prints on rank 0 only. Every comparison passes with
# it but the MPI-only checks (a failure on one rank, a killed rank, standard input refused).
# Usage: run_case.sh CASE FENBATCH tests/distributed/runs/stand_in.sh FENBATCH_GEN DATA SHARED
if [ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ]; then
  exec "$FENBATCH" "$@"
fi
exec "$FENBATCH" "$@" >/dev/null 2>&1 </dev/null
