#!/usr/bin/env bash
# I16 (issue 26, unclear errors: a legal output name failed as "File name too long", the
# temporary's name being longer): every legal name can be written. Names of 244 and 255 bytes
# (NAME_MAX), and one of 255 bytes of 2-byte UTF-8 characters (its temporary's name must not
# cut a character), as the output and as --stats-json and --rejects: exit 0, each holds what a
# run into short names gives, nothing left. A run killed (SIGKILL) between naming its
# temporaries and publishing leaves temporaries that the next run recognises and removes, with
# its notice, though their names had to be shortened.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
printf '%s\n' "$K" "$S" "$K" "bad line" >in.fen
"$FENBATCH" -q --dedupe --rejects ref.rej in.fen ref.fen || die "reference run failed"
long() { printf "%*s" "$1" "" | tr ' ' "$2"; }
n244=$(long 240 a).fen
n255=$(long 255 b)
s255=$(long 255 c)
r255=$(long 255 d)
u255=$(python3 -c 'print("\u00e9" * 127 + "x", end="")')   # 127 2-byte characters and a byte
[ "${#n244}" = 244 ] && [ "$(printf %s "$u255" | wc -c)" = 255 ] || die "test names of the wrong length"
for name in "$n244" "$n255" "$u255"; do
  "$FENBATCH" -q --dedupe in.fen "$name" 2>err.txt || fail "${#name}-character output name: exit $?: $(cat err.txt)"
  same_file ref.fen "$name" "output named with ${#name} characters"
done
"$FENBATCH" -q --dedupe --stats-json "$s255" --rejects "$r255" in.fen "$n255" 2>err.txt ||
  fail "255-byte side-file names: exit $?: $(cat err.txt)"
same_file ref.rej "$r255" "255-byte --rejects"
[ "$(json "$s255" 's["written"]')" = "$(wc -l <ref.fen)" ] || fail "255-byte --stats-json: not the run's statistics"
no_temps "long names"

# Killed while publishing (held in its first rename; nothing to keep aside, the destinations
# being new): its shortened temporaries are still found and removed.
rm -f "$s255" "$n255"
env "$STRACE_ENV" strace -f -qq -o strace.log -e trace=rename -e inject=rename:delay_enter=20000000:when=1 \
  "$FENBATCH" -q -j1 --dedupe --stats-json "$s255" in.fen "$n255" 2>/dev/null &
tracer=$!
left=""
for _ in $(seq 3000); do
  left=$(find . -maxdepth 1 -name '.c*.fenbatch-*.tmp' -o -maxdepth 1 -name '.b*.fenbatch-*.tmp')
  [ "$(printf '%s\n' "$left" | grep -c .)" = 2 ] && break
  sleep 0.01
done
pid=$(pgrep -P "$tracer" | head -n 1)
[ -n "$pid" ] && kill -KILL "$pid"
wait "$tracer" 2>/dev/null
[ "$(printf '%s\n' "$left" | grep -c .)" = 2 ] || die "the two named temporaries were not seen: $(ls -A)"
while read -r t; do
  [ "$(printf %s "$(basename "$t")" | wc -c)" -le 255 ] || fail "temporary name longer than 255 bytes: $t"
done <<<"$left"
"$FENBATCH" --dedupe --stats-json "$s255" in.fen "$n255" 2>err.txt || fail "run after the kill: exit $?"
[ "$(grep -c "^fenbatch: removed .*, left by an interrupted run (process $pid)$" err.txt)" = 2 ] ||
  fail "the killed run's two temporaries not removed with a notice each: $(cat err.txt)"
no_temps "after the kill"
finish
