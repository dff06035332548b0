#!/usr/bin/env bash
# G08: out of memory in the dedupe table and elsewhere: (a) every mmap after the input's
# mapping fails (strace inject=mmap:error=ENOMEM:when=N+, for several N): exit 2 with
# "fenbatch: out of memory after N lines ..." (or another one-line "fenbatch: " diagnostic),
# nothing published, no temporary, an old output intact; (b) (release build only) an address-
# space sweep, ulimit -v 12..160 MB, on a 19 MB input with --dedupe: exit 0 with the exact
# output or exit 2 as in (a); never a crash; at least one "out of memory after" seen. (ASan and
# TSan allocators abort on failure by design, so this case asserts on the release build.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
if [ "$SANITIZED" = 1 ]; then echo "note: allocation failures are not injected into a sanitizer build"; finish; fi
"$FENBATCH_GEN" -n 300000 --seed 21 -o in.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe in.fen ref.fen || die "reference run failed"
check_failure() {  # check_failure WHAT STATUS
  aoc_check "$1" "$2" out.fen "$saved"
  [ "$(grep -c '^fenbatch: ' err.txt)" -ge 1 ] && [ "$(grep -vc '^fenbatch: ' err.txt)" = 0 ] ||
    fail "$1: exit $2, stderr not one-line 'fenbatch: ' diagnostics: $(head -c 300 err.txt)"
}
printf 'old output\n' >out.fen
n=$(nth_call mmap 'in\.fen$' "$FENBATCH" -q -j1 --dedupe in.fen out.fen)
[ "$n" -gt 0 ] || die "the input is not mapped"
printf 'old output\n' >out.fen
saved=$(fingerprint_content out.fen)
injected_failures=0
for k in 1 2 3 4; do
  strace_run "inject=mmap:error=ENOMEM:when=$((n + k))+" -- "$FENBATCH" -q -j1 --dedupe in.fen out.fen 2>err.txt
  status=$?
  if [ "$status" = 0 ]; then same_file ref.fen out.fen "mmap ENOMEM from call $((n + k))"; printf 'old output\n' >out.fen
  else check_failure "mmap ENOMEM from call $((n + k))" "$status"; injected_failures=$((injected_failures + 1)); fi
done
[ "$injected_failures" -gt 0 ] || fail "no injected allocation failure made the run fail"
oom_seen=0
for mb in 12 16 24 32 48 64 96 128 160; do
  (ulimit -v $((mb * 1024)); exec "$FENBATCH" -q --dedupe in.fen out.fen) 2>err.txt
  status=$?
  if [ "$status" = 0 ]; then
    same_file ref.fen out.fen "ulimit -v ${mb}M"; printf 'old output\n' >out.fen
  elif [ "$status" = 127 ] && grep -q 'error while loading shared libraries' err.txt; then
    :   # the dynamic loader itself ran out of address space: not fenbatch's
  else
    check_failure "ulimit -v ${mb}M" "$status"
    grep -q 'out of memory after [0-9,]* lines' err.txt && oom_seen=1
  fi
done
[ "$oom_seen" = 1 ] || fail "no limit produced 'out of memory after N lines'"
finish
