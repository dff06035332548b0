#!/usr/bin/env bash
# MPI only (fenbatch makes no MPI call, so the shim never fires): a rank killed in the middle.
# An LD_PRELOAD shim (data/kill_at_alltoall.c, built here with mpicc) raises SIGKILL in one
# rank at its first MPI_Alltoall (the dedupe exchange). The job fails (non-zero, within the
# time limit: nothing hangs), nothing is published (no output, rejects, counts or statistics
# file), and the surviving ranks leave no temporary, beside the outputs (.*.tmp) or in TMPDIR
# (a fresh one per run). What the killed process itself leaves (it cannot clean up after
# SIGKILL: files named with its process id) is listed, not failed; with rank 0 killed that
# includes the temporaries of the final files, which rank 0 alone writes.
# Over -n 2 (rank 1), -n 4 (rank 2) and -n 3 (rank 0).
. "$RUNS_DIR/compare.sh"
# Each run well inside the case's ctest TIMEOUT (300 s), even if every one of them hung.
RUN_TIMEOUT=60
command -v mpicc >/dev/null || die "'mpicc' is not installed (needed for the MPI_Alltoall shim)"
mpicc -O1 -shared -fPIC -o kill.so "$RUNS_DIR/data/kill_at_alltoall.c" -ldl ||
  die "cannot build the MPI_Alltoall shim"
lines=20000
[ "${SANITIZED:-0}" = 1 ] && lines=4000
"$FENBATCH_GEN" -n "$lines" --seed 61 -o gen.fen || die "fenbatch-gen failed"
{ cat gen.fen; echo 'bad line'; head -n 3000 gen.fen; } >in.fen
# left_by_others DIR PID: entries of DIR (temporaries) not named after the killed PID.
left_by_others() {
  find "$1" -mindepth 1 -maxdepth 1 ! -name 'ompi.*' | grep -v -e "-$2-" -e "\.fenbatch-$2-" || true
}
for n_rank in "2 1" "4 2" "3 0"; do
  read -r n rank <<<"$n_rank"
  what="-n $n, rank $rank killed"
  run=run-$n-$rank tmp=$PWD/tmp-$n-$rank
  mkdir "$run" "$tmp"
  rm -f killed.pid
  cd "$run" || die "cannot enter $run"
  # shellcheck disable=SC2086  # MPIRUN is a command and its flags
  TMPDIR=$tmp FB_KILL_RANK=$rank FB_KILL_MARK=$PWD/../killed.pid \
    limited $MPIRUN -n "$n" -x LD_PRELOAD="$PWD/../kill.so" \
      -x FB_KILL_RANK -x FB_KILL_MARK -x TMPDIR \
      "$FENBATCH_MPI" --dedupe --rejects rejects.txt --counts counts.tsv \
      --stats-json stats.json -o out.fen "$PWD/../in.fen" \
      </dev/null >../out.txt 2>../err.txt
  status=$?
  cd ..
  pid=$(cat killed.pid 2>/dev/null)
  [ -n "$pid" ] || fail "$what: the shim never killed a rank (no MPI_Alltoall call?)"
  [ "$status" != 0 ] || fail "$what: exit 0, expected a failure"
  [ "$HUNG" = 0 ] || fail "$what: the job hung (stopped after ${RUN_TIMEOUT}s)"
  for f in out.fen rejects.txt counts.tsv stats.json; do
    [ ! -e "$run/$f" ] || fail "$what: $f was published"
  done
  [ -n "$pid" ] || pid=none
  left=$(left_by_others "$run" "$pid")
  [ -z "$left" ] || fail "$what: left beside the output by surviving ranks: $left"
  left=$(left_by_others "$tmp" "$pid")
  [ -z "$left" ] || fail "$what: left in TMPDIR by surviving ranks: $left"
  own=$(find "$run" "$tmp" -mindepth 1 -maxdepth 1 ! -name 'ompi.*' | grep -e "-$pid-" -e "\.fenbatch-$pid-")
  [ -z "$own" ] || echo "note: $what: left by the killed process (SIGKILL): ${own//$'\n'/ }"
  [ "$failed" = 1 ] && { echo "--- stderr ($what)"; head -c 2000 err.txt; }
  rm -rf "$run" "$tmp"
done
finish
