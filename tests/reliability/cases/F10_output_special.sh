#!/usr/bin/env bash
# F10: an output that is a directory fails (exit 2, "Is a directory", the directory untouched);
# /dev/null, a FIFO and '-' (stdout) are written directly: no temporary, no rename, never
# unlinked (/dev/null is still the character device, the FIFO still a FIFO); the FIFO's
# reader and stdout get exactly the output of a run into a regular file.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 3000 --seed 10 -o in.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe in.fen expected.fen || die "reference run failed"
mkdir outdir && touch outdir/keep
"$FENBATCH" -q in.fen outdir 2>err.txt
status=$?
[ "$status" = 2 ] || fail "directory output: exit $status"
grep -qx 'fenbatch: open: outdir: Is a directory' err.txt || fail "directory output: stderr $(cat err.txt)"
[ "$(ls -A outdir)" = keep ] || fail "directory output: the directory changed"
strace_run trace=rename,renameat,renameat2,unlink,unlinkat -- "$FENBATCH" -q --dedupe in.fen /dev/null || fail "/dev/null: exit $?"
[ -c /dev/null ] || fail "/dev/null is no longer a character device"
ours='(rename|unlink)[a-z]*\(.*(/dev/null|out\.fifo|\.fenbatch-)'   # not a sanitizer runtime's own files
grep -Eq "$ours" strace.log && fail "/dev/null output: rename or unlink called: $(grep -E "$ours" strace.log | head -3)"
mkfifo out.fifo
cat out.fifo >got.fen &
reader=$!
strace_run trace=rename,renameat,renameat2,unlink,unlinkat -- "$FENBATCH" -q --dedupe in.fen out.fifo || fail "FIFO: exit $?"
wait "$reader"
same_file expected.fen got.fen "FIFO output"
[ -p out.fifo ] || fail "the FIFO was replaced"
grep -Eq "$ours" strace.log && fail "FIFO output: rename or unlink called: $(grep -E "$ours" strace.log | head -3)"
"$FENBATCH" -q --dedupe in.fen - >stdout.fen || fail "stdout: exit $?"
same_file expected.fen stdout.fen "stdout output"
no_temps "special outputs"
finish
