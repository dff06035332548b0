#!/usr/bin/env bash
# MPI only (fenbatch reads standard input; fenbatch-mpi cannot share it among ranks): standard
# input as an input ("-", alone or among files, or no input operand at all) is a usage error
# on every rank count: exit 2, one clear message naming standard input, nothing written, no
# temporary left.
. "$RUNS_DIR/compare.sh"
# Each of the nine runs inside the case's ctest TIMEOUT (300 s), even if every one hung.
RUN_TIMEOUT=30
printf '%s\n' '4k3/8/8/8/8/8/8/4K3 w - - 0 1' >in.fen
check() {  # check N WHAT ARGS...: the run must be refused
  local n=$1 what=$2 status
  shift 2
  rm -rf run && mkdir run
  cd run || die "cannot enter run"
  # shellcheck disable=SC2086  # MPIRUN is a command and its flags
  limited $MPIRUN -n "$n" "$FENBATCH_MPI" "$@" <../in.fen >../out.txt 2>../err.txt
  status=$?
  cd ..
  [ "$HUNG" = 0 ] || fail "-n $n $what: hung (stopped after ${RUN_TIMEOUT}s)"
  [ "$status" = 2 ] || fail "-n $n $what: exit $status, expected 2"
  [ "$(filtered_stderr err.txt | grep -ci 'standard input')" = 1 ] ||
    fail "-n $n $what: not one message naming standard input: $(head -c 400 err.txt)"
  [ ! -s out.txt ] || fail "-n $n $what: wrote to standard output"
  [ -z "$(ls -A run)" ] || fail "-n $n $what: left files: $(ls -A run)"
}
for n in $RANKS; do
  check "$n" "- out.fen" - out.fen
  check "$n" "-o out.fen in.fen -" -o out.fen "$PWD/in.fen" -
done
check 2 "-o out.fen (no input: standard input)" -o out.fen
finish
