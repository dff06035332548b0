#!/usr/bin/env bash
# A run that fails publishes no report, as it publishes no other file: an input missing after a
# good one, a directory or a corrupt compressed input, the output or the report in a missing
# directory (exit 2); SIGTERM or SIGINT while the input (a FIFO) is read (killed by the signal).
# An earlier report stays as it was, a new one never appears, and no temporary is left.
set -uo pipefail
export LC_ALL=C
mkdir work && cd work || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
no_temps() {
  local left
  left=$(find . -name '.*.fenbatch-*.tmp*')
  [ -z "$left" ] || fail "$1: temporary files left: $left"
}
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
head -c 60 <(bash "$DATA/mixed_input.sh" | gzip -c) >corrupt.fen.gz
mkdir dir
printf '<!DOCTYPE html>\n<html><head><meta name="generator" content="fenbatch 0.0.0"/></head><body>earlier report</body></html>\n' >old.html
cp old.html saved.html

while IFS= read -r args; do
  for report in old.html new.html; do
    # shellcheck disable=SC2086  # word splitting of the argument list is intended
    "$FENBATCH" -q --report "$report" --stats-json new.json $args >/dev/null 2>&1
    status=$?
    what="--report $report $args"
    [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
    cmp -s saved.html old.html || { fail "$what changed old.html"; cp saved.html old.html; }
    if [ -e new.html ] || [ -e new.json ]; then fail "$what: a file was published"; fi
    no_temps "--report $report $args"
  done
done <<'LIST'
-o out.fen ok.fen missing.fen
-o out.fen ok.fen dir
-o out.fen ok.fen corrupt.fen.gz
ok.fen nodir/out.fen
LIST
"$FENBATCH" -q --report nodir/r.html ok.fen out.fen >/dev/null 2>&1
status=$?
[ "$status" = 2 ] || fail "--report nodir/r.html: exit $status, expected 2"
[ ! -e out.fen ] || fail "--report nodir/r.html: the output was published"
no_temps "--report nodir/r.html"

for signal in TERM INT; do
  rm -f fifo && mkfifo fifo
  "$FENBATCH" -q --report old.html fifo out.fen &
  pid=$!
  exec 3>fifo  # the writer end, kept open and silent: fenbatch blocks reading the FIFO
  # Up to 10 s for the output and the report to be open: unnamed (O_TMPFILE) until complete.
  unnamed() {
    for fd in /proc/"$pid"/fd/*; do readlink "$fd"; done 2>/dev/null |
      grep -c "^$(pwd -P)/#[0-9]* (deleted)\$"
  }
  for _ in $(seq 100); do
    [ "$(unnamed)" = 2 ] && break
    sleep 0.1
  done
  [ "$(unnamed)" = 2 ] || fail "$signal: the output and the report not seen open"
  kill -"$signal" "$pid"
  wait "$pid"
  status=$?
  exec 3>&-
  expected=$((128 + $(kill -l "$signal")))
  [ "$status" = "$expected" ] || fail "$signal: exit status $status, expected $expected"
  cmp -s saved.html old.html || fail "$signal: old.html changed"
  [ ! -e out.fen ] || fail "$signal: the output was published"
  no_temps "$signal"
done
exit "$failed"
