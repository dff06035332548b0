#!/usr/bin/env bash
# G10, all or nothing under a signal: the three destinations are renamed one after another, so
# a signal can arrive when some are published and some not. strace holds the first directory
# fsync (the 4th fsync: three temporaries, then the directory after the rejects rename) and
# the signal is sent while fenbatch is held there. Then the rejects file is back to its old
# content, no stats file exists (there was none), out.fen keeps its old content, no temporary
# or kept-aside copy is left, and the process died by the signal.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 20000 --seed 23 -o in.fen || die "fenbatch-gen failed"
printf 'not a fen\n' >>in.fen
dir_regex="^$(printf '%s' "$PWD" | sed 's/[][\.*^$/]/\\&/g')\$"
for signal in TERM HUP; do
  done_=0
  for hold in 500000 1500000 4000000; do
    printf 'old content\n' >out.fen
    printf 'old.fen:1:1: bad_piece_char: old rejects\n' >rej.txt
    rm -f s.json
    if hold_and_change fsync "$dir_regex" 'kill -$signal $pid' "inject=fsync:delay_enter=$hold:when=4" \
         "$FENBATCH" -q -j1 --rejects rej.txt --stats-json s.json in.fen out.fen; then done_=1; break; fi
    echo "note: $signal missed a hold of $hold us; retrying" >&2
  done
  [ "$done_" = 1 ] || { fail "$signal: fenbatch was never seen held in the directory fsync"; continue; }
  expected=$((128 + $(kill -l "$signal")))
  [ "$HOLD_STATUS" = "$expected" ] ||
    fail "$signal: exit status $HOLD_STATUS, expected $expected; stderr: $(head -c 3000 err.txt)"
  grep -q 'rename(.*rej\.txt' strace.log || fail "$signal: the rejects file was not renamed before the hold"
  [ "$(cat rej.txt)" = "old.fen:1:1: bad_piece_char: old rejects" ] || fail "$signal: rej.txt not put back: $(head -c 100 rej.txt)"
  [ ! -e s.json ] || fail "$signal: s.json published"
  [ "$(cat out.fen)" = "old content" ] || fail "$signal: out.fen changed"
  no_temps "$signal between the renames"
done
finish
