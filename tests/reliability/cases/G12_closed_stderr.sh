#!/usr/bin/env bash
# G12 (catalogue: "Writes to a closed stdout or stderr are detected, exit 2"; gnulib's
# close_stdout also fails on a stderr that cannot be written): a run that has invalid-line
# samples to print, with stderr closed (2>&-), exits 2 and publishes nothing; a run whose
# --stats summary (printed after publishing) cannot be written exits 2; the same runs with -q
# and no --stats (nothing to print) exit 0 and publish.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
printf '%s\n' "$K" "bad line" >in.fen
"$FENBATCH" in.fen out.fen 2>&-
status=$?
[ "$status" = 2 ] || fail "samples to a closed stderr: exit $status, expected 2"
[ ! -e out.fen ] || fail "samples to a closed stderr: output published"
rm -f out.fen
"$FENBATCH" -q in.fen out.fen 2>&- || fail "-q with a closed stderr: exit $?"
[ "$(cat out.fen)" = "$K" ] || fail "-q with a closed stderr: output $(cat out.fen)"
rm -f out.fen
printf '%s\n' "$K" >good.fen
"$FENBATCH" --stats good.fen out.fen 2>&-
status=$?
[ "$status" = 2 ] || fail "--stats to a closed stderr: exit $status, expected 2"
finish
