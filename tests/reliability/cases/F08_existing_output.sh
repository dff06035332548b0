#!/usr/bin/env bash
# F08 (decided for fenbatch, per the issue: an existing output is replaced atomically on
# success without --force; untouched on failure): a sentinel out.fen is replaced by rename (new
# inode, complete result, never truncated in place: strace shows no open of out.fen itself); when
# the run fails (an fsync error injected, a corrupt second input) the sentinel stays
# byte-identical and no temporary is left.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 2000 --seed 8 -o in.fen || die "fenbatch-gen failed"
"$FENBATCH" -q in.fen expected.fen || die "reference run failed"
echo sentinel >out.fen
inode=$(stat -c %i out.fen)
strace_run trace=open,openat,truncate -- "$FENBATCH" -q in.fen out.fen || fail "replace: exit $?"
same_file expected.fen out.fen "replaced output"
[ "$(stat -c %i out.fen)" != "$inode" ] || fail "out.fen kept its inode: written in place"
grep -E 'open(at)?\([^,]*, "(\./)?out\.fen"' strace.log && fail "out.fen itself was opened"
echo sentinel >out.fen
saved=$(fingerprint_content out.fen)
strace_run inject=fsync:error=EIO:when=1 -- "$FENBATCH" -q in.fen out.fen 2>err.txt
aoc_check "fsync fails" "$?" out.fen "$saved" err.txt
head -c 100 <(gzip -c in.fen) >corrupt.gz
"$FENBATCH" -q -o out.fen in.fen corrupt.gz 2>err.txt
aoc_check "corrupt second input" "$?" out.fen "$saved" err.txt
finish
