#!/usr/bin/env bash
# F03: a FIFO (st_size 0: never taken as empty) fed by a plain "cat in.fen >fifo", standard
# input redirected from a file, a pipe, and /dev/stdin give the same output and statistics as
# the regular file (lines, bytes). The FIFO must be opened once (strace): a reader that opens,
# closes and reopens it kills such a writer with SIGPIPE and then waits forever (the plain-writer
# run, limited to 10 s, is made only when fenbatch opens the FIFO once).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n 5000 --seed 5 -o in.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe --stats-json ref.json in.fen ref.fen || die "reference run failed"
ref=$(json ref.json '(s["lines"], s["bytes"], s["written"], s["duplicates"])')
mkfifo fifo
# A reader that opens the FIFO, closes it and opens it again loses the writer (SIGPIPE) and then
# waits forever: count the opens with the writer held open by this shell (no hang either way).
need strace
exec 3<>fifo   # read-write: the FIFO always has a reader and a writer, so nothing blocks or dies
timeout 20 env "$STRACE_ENV" strace -f -qq -o opens.log -e trace=open,openat "$FENBATCH" -q --dedupe -o counted.fen fifo 3>&- &
tracer=$!
cat in.fen >&3
exec 3>&-
wait "$tracer" || fail "FIFO run with the writer held: exit $?"
same_file ref.fen counted.fen "FIFO run with the writer held"
opens=$(grep -c '"fifo"' opens.log)
[ "$opens" = 1 ] || fail "fenbatch opened the FIFO $opens times (a plain 'cat >fifo' writer then dies or hangs it)"
modes="fifo redirect pipe dev-stdin"
[ "$opens" = 1 ] || modes="redirect pipe dev-stdin"
for mode in $modes; do
  rm -f out.fen
  case $mode in
    fifo)
      cat in.fen >fifo &
      writer=$!
      timeout 10 "$FENBATCH" -q --dedupe --stats-json s.json fifo out.fen; status=$?
      kill "$writer" 2>/dev/null; wait "$writer" 2>/dev/null ;;
    redirect) "$FENBATCH" -q --dedupe --stats-json s.json - out.fen <in.fen; status=$? ;;
    pipe) cat in.fen | "$FENBATCH" -q --dedupe --stats-json s.json - out.fen; status=$? ;;
    dev-stdin) cat in.fen | "$FENBATCH" -q --dedupe --stats-json s.json /dev/stdin out.fen; status=$? ;;
  esac
  [ "$status" = 0 ] || fail "$mode: exit $status"
  same_file ref.fen out.fen "$mode"
  [ "$(json s.json '(s["lines"], s["bytes"], s["written"], s["duplicates"])')" = "$ref" ] ||
    fail "$mode: lines, bytes, written, duplicates $(json s.json '(s["lines"], s["bytes"], s["written"], s["duplicates"])') != $ref"
done
finish
