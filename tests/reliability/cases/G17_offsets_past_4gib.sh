#!/usr/bin/env bash
# G17, reduced for CI (the full > 4 GiB generated input with distinct positions:
# tests/reliability/scale/run.sh): 4.36 GB streamed through a pipe (nothing on disk): a valid
# line, 67,077 comment lines of 65,000 bytes (skipped), an invalid line whose byte offset is
# past 2^32, a valid line. Exit 0; lines, skipped.comment and bytes exact; both valid lines
# written; the invalid sample's line number and 64-bit byte offset exact in the statistics, and
# its line number in --rejects. Release build only (minutes under the sanitizers).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
if [ "$SANITIZED" = 1 ]; then echo "note: the 4.36 GB stream runs on the release build only"; finish; fi
L=65000
line="#$(head -c $((L - 2)) /dev/zero | tr '\0' x)"
count=$(((4294967296 + L) / L + 1000))
offset=$((${#K} + 1 + count * L))
[ "$offset" -gt 4294967296 ] || die "offset arithmetic"
{ printf '%s\n' "$K"; yes "$line" | head -n "$count"; printf 'not a fen\n%s\n' "$S"; } |
  timeout 120 "$FENBATCH" --rejects rej.txt --stats-json s.json - out.fen 2>err.txt
status=$?
[ "$status" = 0 ] || fail "exit $status"
[ "$(cat out.fen)" = "$K"$'\n'"$S" ] || fail "output: $(head -c 200 out.fen)"
got=$(json s.json '(s["lines"], s["skipped"]["comment"], s["bytes"], s["valid"], s["invalid"])')
[ "$got" = "($((count + 3)), $count, $((offset + 10 + ${#S} + 1)), 2, 1)" ] || fail "lines, comments, bytes, valid, invalid = $got"
sample=$(json s.json '[(x["line"], x["column"], x["offset"], x["reason"]) for x in s["invalid_samples"]]')
[ "$sample" = "[($((count + 2)), 2, $offset, 'bad_piece_char')]" ] || fail "invalid sample: $sample, expected line $((count + 2)) at offset $offset"
[ "$(cat rej.txt)" = "<stdin>:$((count + 2)):2: bad_piece_char: not a fen" ] || fail "rejects: $(cat rej.txt)"
sr_check s.json "4.36 GB stream"
finish
