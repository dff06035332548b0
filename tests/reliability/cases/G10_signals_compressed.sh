#!/usr/bin/env bash
# G10 for compressed destinations (issue 14): SIGINT, SIGTERM and SIGHUP (a) while fenbatch
# blocks reading a FIFO input, its zstd output, gzip rejects and xz statistics open (zstd's
# worker threads started), and (b) just before the rename: strace holds the first fsync of the
# temporary zstd output (inject=fsync:delay_enter), after the compressed stream was ended, and
# the signal is sent while fenbatch is held in it. Each time: the process dies by that signal,
# "fenbatch: interrupted" on stderr, every temporary removed, out.fen.zst keeps its old
# content, no rejects or statistics published, and (b) no rename is ever called.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 20000 --seed 22 -o in.fen || die "fenbatch-gen failed"
printf 'old content\n' | zstd -q -c >old.zst
after() {  # after WHAT SIGNAL STATUS
  local expected=$((128 + $(kill -l "$2")))
  [ "$3" = "$expected" ] || fail "$1: exit status $3, expected $expected"
  cmp -s out.fen.zst old.zst || fail "$1: out.fen.zst changed"
  [ ! -e rej.txt.gz ] && [ ! -e s.json.xz ] || fail "$1: rejects or stats published"
  no_temps "$1"
  grep -q '^fenbatch: interrupted$' err.txt || fail "$1: no 'fenbatch: interrupted' on stderr: $(head -c 200 err.txt)"
}
# (a) blocked on a FIFO
for signal in HUP TERM INT; do
  rm -f fifo && mkfifo fifo
  cp old.zst out.fen.zst
  "$FENBATCH" -q --rejects rej.txt.gz --stats-json s.json.xz fifo out.fen.zst 2>err.txt &
  pid=$!
  exec 3>fifo
  head -n 1000 in.fen >&3  # some compressed output already under way
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
    cp old.zst out.fen.zst
    rm -f rej.txt.gz s.json.xz
    if hold_and_change fsync "$unnamed_regex" 'kill -$signal $pid' "inject=fsync:delay_enter=$hold:when=1" \
         "$FENBATCH" -q -j1 --rejects rej.txt.gz --stats-json s.json.xz in.fen out.fen.zst; then done_=1; break; fi
    echo "note: $signal missed a hold of $hold us; retrying" >&2
  done
  [ "$done_" = 1 ] || { fail "$signal: fenbatch was never seen held inside fsync"; continue; }
  after "$signal just before the rename" "$signal" "$HOLD_STATUS"
  grep -q 'rename(' strace.log && fail "$signal just before the rename: rename was called"
done
# A run left alone publishes a real zstd file (so the holds above interrupted real work).
cp old.zst out.fen.zst
"$FENBATCH" -q in.fen out.fen.zst || fail "undisturbed run"
zstd -t -q out.fen.zst 2>/dev/null || fail "undisturbed run: out.fen.zst is not zstd"
finish
