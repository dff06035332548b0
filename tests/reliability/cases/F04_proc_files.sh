#!/usr/bin/env bash
# F04: files that report size 0 but have content (/proc/self/status, /proc/cpuinfo) are read
# (streamed), not taken as empty: every line is counted (all invalid here), bytes > 0, exit 1
# (no valid line: the wrong file, issue 14);
# a /proc file of FEN lines works too (a process substitution's /proc/self/fd path).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
for f in /proc/self/status /proc/cpuinfo; do
  "$FENBATCH" -q --stats-json s.json "$f" out.fen
  status=$?
  [ "$status" = 1 ] || fail "$f: exit $status, expected 1 (no valid line)"
  got=$(json s.json '(s["lines"] > 5, s["bytes"] > 0, s["invalid"] + s["skipped"]["blank"] == s["lines"], s["valid"])')
  [ "$got" = "(True, True, True, 0)" ] || fail "$f: lines>5, bytes>0, all invalid or blank, valid = $got"
done
"$FENBATCH" -q --stats-json s.json <(printf '%s\n' "$K" "$S") out.fen || fail "/dev/fd input: exit $?"
[ "$(json s.json '(s["lines"], s["valid"])')" = "(2, 2)" ] || fail "/dev/fd input: $(json s.json '(s["lines"], s["valid"])')"
finish
