#!/usr/bin/env bash
# MPI only (with fenbatch standing in, the other ranks publish): an input that one rank alone
# cannot open (an LD_PRELOAD shim, data/deny_open_on_rank.c built here with cc, fails its
# open with EACCES in that rank only) ends every rank with exit 2; standard error names that
# rank and the file in one message (not once per rank); nothing is published (no output,
# rejects, counts, duplicates or statistics file); no temporary is left, neither beside the
# outputs (.*.tmp) nor in TMPDIR (a fresh one per run). Over -n 2 (rank 1), -n 3 (rank 2) and
# -n 4 (rank 0: the rank that probes the inputs, and rank 3). The input is one plain file of
# 3,000 lines, which every rank reads a range of, between two readable ones.
. "$RUNS_DIR/compare.sh"
# Each run well inside the case's ctest TIMEOUT (300 s), even if every one of them hung.
RUN_TIMEOUT=60
command -v cc >/dev/null || die "'cc' is not installed (needed for the open() shim)"
cc -O1 -shared -fPIC -o deny.so "$RUNS_DIR/data/deny_open_on_rank.c" -ldl ||
  die "cannot build the open() shim"
"$FENBATCH_GEN" -n 3000 --seed 51 -o denied.fen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n 100 --seed 52 -o before.fen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n 100 --seed 53 -o after.fen || die "fenbatch-gen failed"
for n_rank in "2 1" "3 2" "4 0" "4 3"; do
  read -r n rank <<<"$n_rank"
  what="-n $n, denied on rank $rank"
  run=run-$n-$rank tmp=$PWD/tmp-$n-$rank
  mkdir "$run" "$tmp"
  rm -f deny.log
  cd "$run" || die "cannot enter $run"
  # shellcheck disable=SC2086  # MPIRUN is a command and its flags
  TMPDIR=$tmp FB_DENY_RANK=$rank FB_DENY_PATH=/denied.fen FB_DENY_LOG=$PWD/../deny.log \
    limited $MPIRUN -n "$n" -x LD_PRELOAD="$PWD/../deny.so" \
      -x FB_DENY_RANK -x FB_DENY_PATH -x FB_DENY_LOG -x TMPDIR \
      "$FENBATCH_MPI" --dedupe --rejects rejects.txt --counts counts.tsv \
      --duplicates duplicates.txt --stats-json stats.json -o out.fen \
      "$PWD/../before.fen" "$PWD/../denied.fen" "$PWD/../after.fen" \
      </dev/null >../out.txt 2>../err.txt
  status=$?
  cd ..
  [ "$HUNG" = 0 ] || fail "$what: the job hung (stopped after ${RUN_TIMEOUT}s)"
  grep -q "^rank $rank: " deny.log 2>/dev/null || fail "$what: the shim never denied the open (test broken?)"
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  mentions=$(filtered_stderr err.txt | grep -c 'denied\.fen')
  [ "$mentions" = 1 ] || fail "$what: stderr names denied.fen $mentions times, expected once"
  filtered_stderr err.txt | grep 'denied\.fen' | grep -Eq "rank $rank([^0-9]|$)" ||
    fail "$what: the message does not name rank $rank"
  [ -z "$(ls -A "$run")" ] || fail "$what: published or left beside the output: $(ls -A "$run")"
  left=$(find "$tmp" -mindepth 1 -maxdepth 1 ! -name 'ompi.*')
  [ -z "$left" ] || fail "$what: left in TMPDIR: $left"
  [ "$failed" = 1 ] && { echo "--- stderr ($what)"; head -c 2000 err.txt; }
  rm -rf "$run" "$tmp"
done
finish
