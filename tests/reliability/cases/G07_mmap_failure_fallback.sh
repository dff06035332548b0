#!/usr/bin/env bash
# G07 (decided: read() fallback when mmap fails): ENOMEM injected into exactly the input's
# mmap (strace, when=index of that call): exit 0 and output, rejects and statistics equal to a
# mapped run. Release build only (ASan/TSan need unlimited address space): an address-space
# sweep, ulimit -v 30..160 MB on a 60 MB input: every limit gives exit 0 with the identical
# output, or exit 2 with one "fenbatch: ..." line, nothing published and no temporary; never
# death by a signal; and at least one limit succeeds with the input's mmap failing (read
# fallback).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 20000 --seed 20 -o in.fen || die "fenbatch-gen failed"
yes 'bad line' | head -n 100 >>in.fen
"$FENBATCH" -q -j1 --dedupe --rejects ref.rej --stats-json ref.json in.fen ref.out || die "reference run failed"
n=$(nth_call mmap 'in\.fen$' "$FENBATCH" -q -j1 --dedupe --rejects rej.txt --stats-json s.json in.fen out.fen)
[ "$n" -gt 0 ] || die "the input is not mapped"
# The injected run starts as the counted one did, without the files that one wrote: judging an
# existing side file allocates, and under ASan an allocation may map memory, shifting the count.
rm -f out.fen rej.txt s.json
strace_run "inject=mmap:error=ENOMEM:when=$n" -- "$FENBATCH" -q -j1 --dedupe --rejects rej.txt --stats-json s.json in.fen out.fen
status=$?
grep -Eq 'mmap\(NULL, [0-9]+, PROT_READ, MAP_PRIVATE, [0-9]+, 0\) = -1 ENOMEM .*\(INJECTED\)' strace.log || fail "the input's mmap was not the injected call"
[ "$status" = 0 ] || fail "input mmap ENOMEM: exit $status"
same_file ref.out out.fen "input mmap ENOMEM"
same_file ref.rej rej.txt "input mmap ENOMEM"
python3 -c 'import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for k in ("output", "wall_seconds", "threads", "mb_per_second", "positions_per_second"): a.pop(k); b.pop(k)
sys.exit(a != b)' ref.json s.json || fail "input mmap ENOMEM: statistics differ"
if [ "$SANITIZED" = 1 ]; then echo "note: ulimit -v sweep not run on a sanitizer build"; finish; fi
yes "$K" | head -n 2000000 >big.fen
"$FENBATCH" -q big.fen big_ref.fen || die "big reference run failed"
fallback=0
for mb in 30 50 70 90 120 160; do
  rm -f out.fen
  (ulimit -v $((mb * 1024)); exec strace -f -qq -o strace.log -e trace=mmap "$FENBATCH" -q big.fen out.fen) 2>err.txt
  status=$?
  if [ "$status" = 0 ]; then
    same_file big_ref.fen out.fen "ulimit -v ${mb}M"
    grep -Eq 'PROT_READ, MAP_PRIVATE, [0-9]+, 0\) = -1 ENOMEM' strace.log && fallback=1
  else
    aoc_check "ulimit -v ${mb}M" "$status" out.fen absent
    [ "$(grep -c '^fenbatch: ' err.txt)" -ge 1 ] || fail "ulimit -v ${mb}M: exit $status without a diagnostic: $(head -c 300 err.txt)"
  fi
done
[ "$fallback" = 1 ] || fail "no limit made the input's mmap fail while the run succeeded (read fallback not seen)"
finish
