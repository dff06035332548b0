#!/usr/bin/env bash
# F13: temporaries of earlier runs are never mistaken for the output: one named for out.fen
# whose process is gone is removed, with a notice naming it; one whose process is alive (this
# shell) is kept and mentioned; a kept-aside previous content (".tmp.previous") whose process is
# gone is user data (issue 26, I15): kept, byte for byte, and reported with what to do; names
# that are not fenbatch temporaries of out.fen (another destination, no pid, another suffix)
# are left alone and not mentioned; the output is the run's own result.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
printf '%s\n' "$K" >in.fen
sleep 0 & dead=$!; wait "$dead"
while kill -0 "$dead" 2>/dev/null; do sleep 0 & dead=$!; wait "$dead"; done
stale=".out.fen.fenbatch-$dead-0badc0de.tmp"
live=".out.fen.fenbatch-$$-12345678.tmp"
previous=".out.fen.fenbatch-$dead-5eed5eed.tmp.previous"
echo "partial junk" >"$stale"
echo "live junk" >"$live"
echo "the user's old output" >"$previous"
for other in ".other.fen.fenbatch-$dead-00000000.tmp" ".out.fen.fenbatch-x.tmp" ".out.fen.fenbatch-$dead-1.bak"; do
  echo other >"$other"
done
"$FENBATCH" in.fen out.fen 2>err.txt || fail "exit $?"
[ "$(cat out.fen)" = "$K" ] || fail "output: $(cat out.fen)"
[ -e "$stale" ] && fail "the dead process's temporary was not removed"
grep -q "removed ./$stale, left by an interrupted run (process $dead)" err.txt || fail "no notice of the removal: $(cat err.txt)"
[ -e "$live" ] || fail "the live process's temporary was removed"
grep -q "note: ./$live belongs to running process $$" err.txt || fail "no note of the live temporary: $(cat err.txt)"
[ "$(cat "$previous" 2>/dev/null)" = "the user's old output" ] || fail "the kept-aside previous content was removed or changed"
grep -q "warning: ./$previous holds the previous content of ./out.fen, .*(process $dead); rename it back over ./out.fen .*, or remove it" err.txt ||
  fail "no warning about the kept-aside previous content: $(cat err.txt)"
for other in ".other.fen.fenbatch-$dead-00000000.tmp" ".out.fen.fenbatch-x.tmp" ".out.fen.fenbatch-$dead-1.bak"; do
  [ -e "$other" ] || fail "$other was removed"
  grep -qF "$other" err.txt && fail "$other was mentioned"
done
finish
