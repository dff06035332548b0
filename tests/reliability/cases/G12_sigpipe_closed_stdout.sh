#!/usr/bin/env bash
# G12 (decided: SIGPIPE on stdout ends the run quietly; a closed stdout is an error): output to
# a pipe whose reader quits early (| head -n 1) ends fenbatch by SIGPIPE (status 141) with
# nothing on stderr, no --stats-json or --rejects published (no partial-success statistics) and
# no temporary left; also with -q off and samples pending. Output to a closed stdout (>&-): exit
# 2 with "fenbatch: write: standard output: ...", side files not published. A closed stdout is
# no error when the output goes to a file.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n 100000 --seed 24 -o in.fen || die "fenbatch-gen failed"
for q in -q ""; do
  rm -f s.json rej.txt
  "$FENBATCH" $q --stats-json s.json --rejects rej.txt in.fen - 2>err.txt | head -n 1 >first.txt
  status=${PIPESTATUS[0]}
  [ "$status" = 141 ] || fail "SIGPIPE${q:+ $q}: exit $status, expected 141"
  [ ! -s err.txt ] || fail "SIGPIPE${q:+ $q}: stderr not quiet: $(head -c 200 err.txt)"
  [ ! -e s.json ] && [ ! -e rej.txt ] || fail "SIGPIPE${q:+ $q}: side files published"
  no_temps "SIGPIPE${q:+ $q}"
  [ "$(wc -l <first.txt)" = 1 ] || fail "SIGPIPE: head got nothing"
done
"$FENBATCH" -q --stats-json s.json in.fen - 2>err.txt >&-
status=$?
[ "$status" = 2 ] || fail "closed stdout: exit $status"
grep -q '^fenbatch: write: standard output: ' err.txt || fail "closed stdout: stderr $(cat err.txt)"
[ ! -e s.json ] || fail "closed stdout: stats published"
no_temps "closed stdout"
"$FENBATCH" -q in.fen out.fen >&- || fail "closed stdout, output to a file: exit $?"
finish
