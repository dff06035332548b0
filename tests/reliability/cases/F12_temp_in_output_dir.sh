#!/usr/bin/env bash
# F12: the temporary always lives in the output's directory, whatever TMPDIR says (TMPDIR set to
# another directory: strace shows the temporary created under the output's directory), so the
# rename stays on one file system; if rename fails anyway (EXDEV injected), exit 2 with
# "fenbatch: rename: PATH: Invalid cross-device link", the temporary removed, the old output
# byte-identical.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
printf '%s\n' "$K" "$S" >in.fen
mkdir sub elsewhere
TMPDIR=$PWD/elsewhere strace_run trace=open,openat -- "$FENBATCH" -q in.fen sub/out.fen || fail "exit $?"
grep -Eq 'openat\(AT_FDCWD, "sub", O_WRONLY\|O_CLOEXEC\|O_TMPFILE' strace.log || fail "temporary not created in sub/: $(grep fenbatch- strace.log | head -2)"
grep -q 'elsewhere/[^"]*fenbatch' strace.log && fail "TMPDIR was used: $(grep 'elsewhere/[^"]*fenbatch' strace.log | head -2)"
printf 'old\n' >sub/out.fen
saved=$(fingerprint_content sub/out.fen)
strace_run inject=rename:error=EXDEV -- "$FENBATCH" -q in.fen sub/out.fen 2>err.txt
aoc_check "rename EXDEV" "$?" sub/out.fen "$saved" err.txt
grep -qx 'fenbatch: rename: sub/out.fen: Invalid cross-device link' err.txt || fail "rename EXDEV: stderr $(cat err.txt)"
finish
