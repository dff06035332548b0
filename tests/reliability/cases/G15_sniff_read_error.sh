#!/usr/bin/env bash
# G15/G19 (AOC: "check the return value of every ... call"): an EIO from the pread that sniffs
# a regular input's first bytes (magic numbers, UTF-16) must fail the run, not be taken as "no
# magic bytes": for a plain file and for a gzip file (which would otherwise be read as text,
# thousands of invalid lines and exit 0): exit 2 with "fenbatch: read: PATH: Input/output
# error", nothing published, old output intact, no temporary.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 20000 --seed 28 -o in.fen || die "fenbatch-gen failed"
gzip -c in.fen >in.fen.gz
for input in in.fen in.fen.gz; do
  printf 'old output\n' >out.fen
  n=$(nth_call pread64 "^${input//./\\.}\$" "$FENBATCH" -q -j1 --stats-json s.json "$input" out.fen)
  [ "$n" -gt 0 ] || die "$input: no pread of the input found"
  printf 'old output\n' >out.fen; rm -f s.json
  saved=$(fingerprint_content out.fen)
  strace_run "inject=pread64:error=EIO:when=$n" -- "$FENBATCH" -q -j1 --stats-json s.json "$input" out.fen 2>err.txt
  status=$?
  grep -q 'EIO.*(INJECTED)' strace.log || fail "$input: nothing was injected"
  aoc_check "EIO in the sniff of $input" "$status" out.fen "$saved" err.txt
  [ ! -e s.json ] || fail "EIO in the sniff of $input: stats published"
  grep -qx "fenbatch: read: $input: Input/output error" err.txt || fail "EIO in the sniff of $input: stderr $(head -c 200 err.txt)"
done
finish
