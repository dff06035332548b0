#!/usr/bin/env bash
# G02: /dev/full as standard output, as --rejects and as --stats-json: exit 2 with
# "fenbatch: write: <name>: No space left on device"; with a side file on /dev/full the main
# output (a regular file) is not published; and a small output to a full stdout is still
# caught (at flush).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
printf '%s\n' "$K" "bad line" >in.fen
"$FENBATCH" -q in.fen - >/dev/full 2>err.txt
status=$?
[ "$status" = 2 ] || fail "stdout on /dev/full: exit $status"
grep -Eq '^fenbatch: write: (-|standard output): No space left on device' err.txt || fail "stdout on /dev/full: stderr $(cat err.txt)"
for side in --rejects --stats-json; do
  rm -f out.fen
  "$FENBATCH" -q "$side" /dev/full in.fen out.fen 2>err.txt
  aoc_check "$side /dev/full" "$?" out.fen absent err.txt
  grep -qx 'fenbatch: write: /dev/full: No space left on device' err.txt || fail "$side /dev/full: stderr $(cat err.txt)"
done
finish
