#!/usr/bin/env bash
# G10: SIGINT, SIGTERM and SIGHUP (a) while fenbatch blocks reading a FIFO input (HUP here; TERM
# and INT also in cli.interrupted) and (b) just before the rename: strace holds the first fsync
# of the temporary output (inject=fsync:delay_enter) and the signal is sent while fenbatch is
# held in it (seen in /proc/PID/stat and /proc/PID/syscall). Each time: the process dies by that
# signal (status 129/130/143), "fenbatch: interrupted" on stderr, the temporaries of output,
# rejects and stats are removed, out.fen keeps its old content, no rejects or stats file is
# published, and (b) no rename is ever called.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 20000 --seed 22 -o in.fen || die "fenbatch-gen failed"
after() {  # after WHAT SIGNAL STATUS
  local expected=$((128 + $(kill -l "$2")))
  [ "$3" = "$expected" ] || fail "$1: exit status $3, expected $expected"
  [ "$(cat out.fen)" = "old content" ] || fail "$1: out.fen changed"
  [ ! -e rej.txt ] && [ ! -e s.json ] || fail "$1: rejects or stats published"
  no_temps "$1"
  grep -q '^fenbatch: interrupted$' err.txt || fail "$1: no 'fenbatch: interrupted' on stderr: $(head -c 200 err.txt)"
}
# (a) blocked on a FIFO
for signal in HUP TERM INT; do
  rm -f fifo && mkfifo fifo
  printf 'old content\n' >out.fen
  "$FENBATCH" -q --rejects rej.txt --stats-json s.json fifo out.fen 2>err.txt &
  pid=$!
  exec 3>fifo
  for _ in $(seq 200); do [ "$(unnamed_open "$pid" .)" = 3 ] && break; sleep 0.05; done
  [ "$(unnamed_open "$pid" .)" = 3 ] || fail "$signal on FIFO: the three unnamed temporaries not seen"
  no_temps "$signal on FIFO, while writing"  # unnamed until complete (issue 16)
  kill -"$signal" "$pid"
  wait "$pid"
  status=$?
  exec 3>&-
  after "$signal while reading a FIFO" "$signal" "$status"
done
# The first fsync is the temporary output's, still unnamed: "$PWD/#INODE (deleted)".
unnamed_regex="^$(printf '%s' "$(pwd -P)" | sed 's/[][\.*^$/]/\\&/g')/#[0-9]+ \\(deleted\\)\$"
# (b) inside the fsync of the temporary output, before any rename
for signal in TERM INT HUP; do
  done_=0
  for hold in 500000 1500000 4000000; do
    # (A missed attempt may have run to the end and published: start each one clean.)
    printf 'old content\n' >out.fen
    rm -f rej.txt s.json
    if hold_and_change fsync "$unnamed_regex" 'kill -$signal $pid' "inject=fsync:delay_enter=$hold:when=1" \
         "$FENBATCH" -q -j1 --rejects rej.txt --stats-json s.json in.fen out.fen; then done_=1; break; fi
    echo "note: $signal missed a hold of $hold us; retrying" >&2
  done
  [ "$done_" = 1 ] || { fail "$signal: fenbatch was never seen held inside fsync"; continue; }
  after "$signal just before the rename" "$signal" "$HOLD_STATUS"
  grep -q 'rename(' strace.log && fail "$signal just before the rename: rename was called"
done
finish
