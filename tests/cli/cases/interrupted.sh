#!/usr/bin/env bash
# Interrupted run: SIGTERM or SIGINT while fenbatch waits on its input (a FIFO) kills it by that
# signal, removes its temporary output, rejects and stats files, and leaves an existing
# output untouched.
set -uo pipefail
mkdir work && cd work || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
for signal in TERM INT; do
  rm -f fifo && mkfifo fifo
  printf 'old content\n' >out.fen
  "$FENBATCH" -q --rejects rejects.txt --stats-json stats.json fifo out.fen &
  pid=$!
  exec 3>fifo   # the writer end, kept open and silent: fenbatch blocks reading the FIFO
  # Up to 10 s for the temporary outputs to be open: unnamed (O_TMPFILE) until complete, they
  # show only as "DIR/#INODE (deleted)" among its descriptors.
  unnamed() { for fd in /proc/"$pid"/fd/*; do readlink "$fd"; done 2>/dev/null | grep -c "^$(pwd -P)/#[0-9]* (deleted)\$"; }
  for _ in $(seq 100); do
    [ "$(unnamed)" = 3 ] && break
    sleep 0.1
  done
  [ "$(unnamed)" = 3 ] || fail "$signal: no temporary outputs seen"
  kill -"$signal" "$pid"
  wait "$pid"
  status=$?
  exec 3>&-
  expected=$((128 + $(kill -l "$signal")))
  [ "$status" = "$expected" ] || fail "$signal: exit status $status, expected $expected"
  [ "$(cat out.fen)" = "old content" ] || fail "$signal: out.fen changed"
  left=$(find . -name '.*.fenbatch-*.tmp')
  [ -z "$left" ] || fail "$signal: temporary files left: $left"
  [ ! -e rejects.txt ] && [ ! -e stats.json ] || fail "$signal: rejects or stats published"
done
exit "$failed"
