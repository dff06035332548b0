#!/usr/bin/env bash
# F15: while a run is in progress its temporaries (output, rejects, stats; unnamed until they
# are complete, so seen through /proc/PID/fd) have mode 0600 (seen while fenbatch waits on a
# FIFO input); a new output gets 0666 & ~umask (umask 077 -> 600,
# 022 -> 644, 027 -> 640) for the output and both side files; a replaced output keeps its mode.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
printf '%s\n' "$K" "$S" "bad line" >in.fen
mkfifo fifo
exec 3<>fifo   # read-write: fenbatch's opens of the FIFO never block, the data waits in it
timeout 60 "$FENBATCH" -q --rejects r.txt --stats-json s.json fifo out.fen 3>&- &
pid=$!
fb=""  # fenbatch's pid (timeout's child)
for _ in $(seq 100); do
  [ -n "$fb" ] || fb=$(pgrep -P "$pid" | head -n 1)
  [ -n "$fb" ] && [ "$(unnamed_open "$fb" .)" = 3 ] && break
  sleep 0.1
done
[ -n "$fb" ] && [ "$(unnamed_open "$fb" .)" = 3 ] || fail "the three unnamed temporaries not seen"
modes=$(for fd in /proc/"$fb"/fd/*; do
  [[ $(readlink "$fd") == "$(pwd -P)"/#*" (deleted)" ]] && stat -L -c %a "$fd"
done | sort -u | tr '\n' ' ')
[ "$modes" = "600 " ] || fail "temporaries in progress have modes '$modes' (expected 600 for all 3)"
cat in.fen >&3
exec 3>&-
wait "$pid" || fail "FIFO run: exit $?"
for mask in 077 022 027; do
  rm -f out.fen r.txt s.json
  (umask $mask; "$FENBATCH" -q --rejects r.txt --stats-json s.json in.fen out.fen) || fail "umask $mask: exit $?"
  want=$(printf '%o' $((0666 & ~0$mask)))
  for f in out.fen r.txt s.json; do
    [ "$(stat -c %a $f)" = "$want" ] || fail "umask $mask: $f has mode $(stat -c %a $f), expected $want"
  done
done
chmod 604 out.fen
(umask 077; "$FENBATCH" -q in.fen out.fen) || fail "replace: exit $?"
[ "$(stat -c %a out.fen)" = 604 ] || fail "replaced output has mode $(stat -c %a out.fen), expected 604 (kept)"
finish
