#!/usr/bin/env bash
# Runs one end-to-end case of fenbatch-mpi (tests/distributed/runs/cases/NAME.sh) in a fresh
# temporary directory, with
#   FENBATCH, FENBATCH_MPI, FENBATCH_GEN  the binaries under test
#   MPIRUN       the mpirun command and its flags (--oversubscribe, --allow-run-as-root as
#                root), used unquoted: `$MPIRUN -n 3 "$FENBATCH_MPI" ...`
#   DATA         tests/data
#   SHARED       ../shared, or empty when absent (a case that needs it exits 77: skipped)
#   TMPDIR       a fresh, empty directory: the ranks' temporary files go there; after the case
#                it must hold nothing but Open MPI's session directories (ompi.*)
#   SANITIZED    1 when fenbatch-mpi is an ASan/TSan build (cases shrink their inputs)
#   RUNS_DIR     this directory (compare.sh, data/)
# The case asserts by itself (compare.sh) and exits non-zero on a failure.
# Usage: run_case.sh CASE_SCRIPT FENBATCH FENBATCH_MPI FENBATCH_GEN DATA SHARED [MPIRUN]
# With FENBATCH_MPI=tests/distributed/runs/stand_in.sh (fenbatch on every rank), every case
# but the MPI-only ones passes: a check of the harness itself.
set -uo pipefail
case_script=$1
export FENBATCH=$2 FENBATCH_MPI=$3 FENBATCH_GEN=$4 DATA=$5 SHARED=$6
MPIRUN=${7:-}
if [ -z "$MPIRUN" ]; then
  MPIRUN="mpirun --oversubscribe"
  [ "$(id -u)" = 0 ] && MPIRUN="$MPIRUN --allow-run-as-root"
fi
export MPIRUN
[ -d "$SHARED/corpus" ] || SHARED=""
RUNS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export RUNS_DIR
SANITIZED=0
if grep -aqE '__(asan|tsan)_init' "$FENBATCH_MPI" "$FENBATCH" 2>/dev/null; then SANITIZED=1; fi
export SANITIZED
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/case" "$work/tmp"
export TMPDIR=$work/tmp
cd "$work/case" || exit 1

bash "$case_script" >"$work/stdout" 2>"$work/stderr"
status=$?
if [ "$status" = 77 ]; then
  cat "$work/stdout"
  exit 77
fi
failed=0
[ "$status" = 0 ] || { echo "case failed with exit status $status"; failed=1; }
left=$(find "$TMPDIR" -mindepth 1 -maxdepth 1 ! -name 'ompi.*' 2>/dev/null)
if [ -n "$left" ]; then
  echo "FAIL: left in TMPDIR after the case:"; echo "$left"
  failed=1
fi
if [ "$failed" != 0 ]; then
  echo "--- stdout"; head -c 8000 "$work/stdout"
  echo "--- stderr"; head -c 4000 "$work/stderr"
else
  cat "$work/stdout"
fi
exit "$failed"
