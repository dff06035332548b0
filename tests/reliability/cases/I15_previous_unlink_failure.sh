#!/usr/bin/env bash
# I15 (issue 26 item 16, an unlink failure): once every file of a run is published, the copies of
# the replaced files' previous content are removed; when that removal fails (EACCES injected by
# strace into the unlink of the statistics' kept-aside copy, found by a first traced run), the
# run still succeeds (exit 0: every file is published and nothing is lost, decided), but warns
# on stderr, naming the file left, the error and the destination it belonged to; the file is
# left with the old content; the other copy (the output's) is removed; the next run that writes
# there reports the file again (it never deletes it).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 2000 --seed 154 -o in.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe in.fen expected.fen || die "reference run failed"
printf '%s\n' "$K" >small.fen
"$FENBATCH" -q --stats-json old.json small.fen /dev/null || die "old statistics run failed"
run() { "$FENBATCH" -j1 --dedupe --stats-json s.json in.fen out.fen; }
prepare() { printf 'old output\n' >out.fen; cp old.json s.json; }

prepare
strace -f -qq -o trace.log -e trace=unlink,unlinkat "$FENBATCH" -j1 --dedupe --stats-json s.json in.fen out.fen 2>/dev/null ||
  die "traced run failed"
# The index of the statistics' kept-aside copy's unlink among the calls (all made by one thread).
n=$(grep -nE 'unlink(at)?\(.*"[^"]*\.s\.json\.fenbatch-[0-9]+-[0-9a-f]{8}\.tmp\.previous"' trace.log | head -n 1 | cut -d: -f1)
[ -n "$n" ] || die "no unlink of the statistics' kept-aside copy in a normal run: $(cat trace.log)"
[ "$(cut -d' ' -f1 trace.log | sort -u | wc -l)" = 1 ] || die "unlinks made by several threads: $(cat trace.log)"

prepare
strace_run trace=unlink,unlinkat "inject=unlink,unlinkat:error=EACCES:when=$n" -- \
  "$FENBATCH" -j1 --dedupe --stats-json s.json in.fen out.fen 2>err.txt
status=$?
[ "$(injected_calls | wc -l)" = 1 ] || fail "the fault was not injected once: $(injected_calls)"
[ "$status" = 0 ] || fail "exit $status, expected 0 (published, nothing lost): $(cat err.txt)"
left=$(ls -A | grep -E '^\.s\.json\.fenbatch-[0-9]+-[0-9a-f]{8}\.tmp\.previous$')
[ -n "$left" ] || fail "the copy whose unlink failed is gone: $(ls -A)"
[ -z "$left" ] || cmp -s old.json "$left" || fail "$left does not hold the old statistics"
grep -E "^fenbatch: warning: could not remove \./$left \(Permission denied\), the previous content of s\.json" err.txt >/dev/null ||
  fail "no warning naming the file left: $(cat err.txt)"
[ -z "$(ls -A | grep -E '^\.out\.fen\.fenbatch-.*\.tmp\.previous$')" ] || fail "the output's kept-aside copy was not removed"
same_file expected.fen out.fen "output"
[ "$(json s.json 's["written"]')" = "$(wc -l <expected.fen)" ] || fail "s.json is not the run's"

run 2>err2.txt || fail "next run: exit $?"
grep -qF "./$left holds the previous content of ./s.json" err2.txt || fail "the next run did not report ./$left: $(cat err2.txt)"
[ -e "$left" ] || fail "the next run removed $left"
finish
