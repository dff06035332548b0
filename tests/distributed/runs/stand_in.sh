#!/usr/bin/env bash
# fenbatch standing in for fenbatch-mpi, to check these tests themselves: every rank runs the
# whole job; rank 0 in the working directory, the others in a private directory removed
# afterwards (the cases name their inputs by absolute paths), with their standard output and
# error dropped, as fenbatch-mpi prints on rank 0 only. Every comparison passes with it but the
# MPI-only checks (a failure on one rank, a killed rank, standard input refused).
# Usage: run_case.sh CASE FENBATCH tests/distributed/runs/stand_in.sh FENBATCH_GEN DATA SHARED
if [ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ]; then
  exec "$FENBATCH" "$@"
fi
# Named like Open MPI's session directories, which run_case.sh tolerates in TMPDIR: mpirun may
# kill this rank (when another exits non-zero) before it removes its directory.
dir=$(mktemp -d "${TMPDIR:-/tmp}/ompi.stand-in.XXXXXX") || exit 2
(cd "$dir" && "$FENBATCH" "$@" >/dev/null 2>&1 </dev/null)
status=$?
rm -rf "$dir"
exit "$status"
