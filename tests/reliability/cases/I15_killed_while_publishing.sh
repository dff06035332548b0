#!/usr/bin/env bash
# I15 (issue 26 item 16, kill -9): a run killed between its renames leaves the kept-aside
# previous content of the files it had already replaced (".NAME.fenbatch-PID-RAND.tmp.previous");
# the next run that writes there finds it and reports it, and never deletes it.
# - Run A (--stats-json s.json, output out.fen, over old versions of both) is held by strace
#   inside its second rename and killed with SIGKILL: s.json is A's, out.fen still the old one,
#   the old statistics are kept aside under A's process number (checked, so the kill is known
#   to have landed between the renames).
# - Run B (same command): exit 0; stderr warns about the kept-aside file, naming it, A's process
#   number, the file whose previous content it holds (s.json) and what to do ("rename it back",
#   "remove it"); A's named output temporary (its process is gone) is removed with a notice;
#   the kept-aside file is still there with the old statistics, byte for byte; B's own set is
#   whole (out.fen is B's result).
# - Run C: the same warning again (reported until the user acts), nothing deleted.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 3000 --seed 153 -o in.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe in.fen expected.fen || die "reference run failed"
[ -n "$(rename_numbers)" ] || die "no rename system call numbers known for $(uname -m)"
printf '%s\n' "$K" >small.fen
"$FENBATCH" -q --stats-json old.json small.fen /dev/null || die "old statistics run failed"   # (of its kind)

killed=0
for hold in 3000000 6000000 12000000; do
  rm -f .*.fenbatch-* 2>/dev/null
  printf 'old output\n' >out.fen
  cp old.json s.json
  env "$STRACE_ENV" strace -f -qq -o strace.log -e trace=rename,renameat,renameat2 \
    -e "inject=rename,renameat,renameat2:delay_enter=$hold:when=2" \
    "$FENBATCH" -q -j1 --dedupe --stats-json s.json in.fen out.fen 2>erra.txt &
  tracer=$!
  pid=""
  for _ in $(seq 2000); do
    [ -n "$pid" ] || pid=$(pgrep -P "$tracer" | head -n 1)
    if [ -n "$pid" ] && held_in_rename "$pid"; then kill -KILL "$pid"; killed=1; break; fi
    kill -0 "$tracer" 2>/dev/null || break
    sleep 0.005
  done
  wait "$tracer" 2>/dev/null
  [ "$killed" = 1 ] && break
  echo "note: run A was not seen held in its second rename (hold $hold us); retrying" >&2
done
[ "$killed" = 1 ] || die "run A was never seen held in its second rename"
previous=$(ls -A | grep -E "^\.s\.json\.fenbatch-$pid-[0-9a-f]{8}\.tmp\.previous$")
[ -n "$previous" ] || die "the kill did not land between the renames: no kept-aside s.json of process $pid: $(ls -A)"
cmp -s old.json "$previous" || die "the kept-aside file is not the old statistics"
[ "$(cat out.fen)" = "old output" ] || die "out.fen was already replaced: the kill came too late"
ls -A | grep -Eq "^\.out\.fen\.fenbatch-$pid-[0-9a-f]{8}\.tmp$" || die "no named output temporary of process $pid: $(ls -A)"

"$FENBATCH" -j1 --dedupe --stats-json s.json in.fen out.fen 2>errb.txt
status=$?
[ "$status" = 0 ] || fail "run B: exit $status: $(cat errb.txt)"
warning=$(grep -F "./$previous" errb.txt)
[ -n "$warning" ] || fail "run B did not mention ./$previous: $(cat errb.txt)"
for word in "warning" "process $pid" "previous content of ./s.json" "rename it back" "remove it"; do
  grep -qF "$word" <<<"$warning" || fail "run B's warning lacks '$word': $warning"
done
[ "$(grep -cF "./$previous" errb.txt)" -le 1 ] || fail "run B mentioned ./$previous more than once: $(cat errb.txt)"
cmp -s old.json "$previous" || fail "run B changed or removed the kept-aside previous content"
grep -Eq "removed \./\.out\.fen\.fenbatch-$pid-[0-9a-f]{8}\.tmp, left by an interrupted run \(process $pid\)" errb.txt ||
  fail "run B did not remove A's output temporary with a notice: $(cat errb.txt)"
same_file expected.fen out.fen "run B's output"
[ "$(json s.json 's["written"]')" = "$(wc -l <expected.fen)" ] || fail "s.json is not run B's"

"$FENBATCH" -q --dedupe in.fen out2.fen || fail "a run elsewhere: exit $?"
"$FENBATCH" -j1 --dedupe --stats-json s.json in.fen out.fen 2>errc.txt || fail "run C: exit $?"
grep -qF "./$previous" errc.txt || fail "run C did not mention ./$previous again"
cmp -s old.json "$previous" || fail "run C changed or removed the kept-aside previous content"
finish
