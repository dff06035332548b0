#!/usr/bin/env bash
# I13 (issue 26, item 13): a huge --samples is capped at 100 samples per reason, and the
# statistics say so. 2,000,000 invalid lines of one reason (200,000 under a sanitizer build) and
# 150 of another, with --samples 1000000000 --memory-limit 64M: exit 0; the statistics'
# "samples" member is {asked 1000000000, cap 100, per_reason 100, listed 200, dropped
# (n - 100) + 50} and invalid_samples lists the first 100 lines of each reason; the document
# stays small (under 256 KiB; it was 276 MB); stderr quotes 100 lines per reason and one note
# on the cap; --rejects still lists every invalid line; SR holds; peak RSS under 64 MiB
# (release build only; it was 666 MB). Then the cap's edges on a small input: --samples 100
# (no note, nothing dropped), 101 (the note, one dropped), -q (no note, the statistics
# unchanged).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
n=$((2000000 / SCALE_DOWN))
{
  printf '%s\n' "$K"
  seq "$n" | sed 's/^/bad /'
  for _ in $(seq 150); do printf '4k3/8/8/8/8/8/8/4K3 x - - 0 1\n'; done
  printf '%s\n' "$S"
} >in.fen
peak_rss rss.txt "$FENBATCH" --samples 1000000000 --memory-limit 64M --rejects rej.txt \
  --stats-json s.json in.fen out.fen 2>err.txt
status=$?
[ "$status" = 0 ] || fail "exit $status: $(tail -n 3 err.txt)"
size=$(stat -c %s s.json)
[ "$size" -lt $((256 * 1024)) ] || fail "statistics of $size bytes"
python3 - s.json "$n" <<'PY' || fail "the statistics' samples"
import json, sys
s, n = json.load(open(sys.argv[1])), int(sys.argv[2])
bad = []
want = {"asked_per_reason": 1000000000, "cap_per_reason": 100, "per_reason": 100,
        "listed": 200, "dropped": (n - 100) + 50}
if s.get("samples") != want:
    bad.append(f"samples {s.get('samples')}, expected {want}")
pieces = [x["line"] for x in s["invalid_samples"] if x["reason"] == "bad_piece_char"]
sides = [x["line"] for x in s["invalid_samples"] if x["reason"] == "bad_side"]
if pieces != list(range(2, 102)):
    bad.append(f"bad_piece_char samples: {len(pieces)}, lines {pieces[:3]}...{pieces[-3:]}")
if sides != list(range(n + 2, n + 102)):
    bad.append(f"bad_side samples: {len(sides)}, lines {sides[:3]}...{sides[-3:]}")
if len(s["invalid_samples"]) != 200:
    bad.append(f"{len(s['invalid_samples'])} samples listed")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
[ "$(grep -c ': bad_piece_char: ' err.txt)" = 100 ] ||
  fail "$(grep -c ': bad_piece_char: ' err.txt) bad_piece_char lines on stderr"
[ "$(grep -c ': bad_side: ' err.txt)" = 100 ] || fail "$(grep -c ': bad_side: ' err.txt) bad_side lines on stderr"
[ "$(grep -c '^fenbatch: note: --samples 1000000000 is capped at 100 samples per reason' err.txt)" = 1 ] ||
  fail "no note on the cap: $(grep -v ': bad_' err.txt | head -n 5)"
[ "$(wc -l <err.txt)" -lt 210 ] || fail "$(wc -l <err.txt) stderr lines"
[ "$(wc -l <rej.txt)" = $((n + 150)) ] || fail "rejects has $(wc -l <rej.txt) lines"
sr_check s.json "--samples 1000000000" in.fen
[ "$SANITIZED" = 1 ] || [ "$(cat rss.txt)" -lt $((64 * 1024)) ] || fail "peak RSS $(cat rss.txt) KiB"

# The edges: 150 lines of one reason.
head -n 151 in.fen | tail -n 150 >small.fen
printf '%s\n' "$K" >>small.fen
for asked in 100 101; do
  "$FENBATCH" --samples "$asked" --stats-json "s$asked.json" small.fen "out$asked.fen" 2>"err$asked.txt"
  status=$?
  [ "$status" = 0 ] || fail "--samples $asked: exit $status"
  [ "$(grep -c ': bad_piece_char: ' "err$asked.txt")" = 100 ] ||
    fail "--samples $asked: $(grep -c ': bad_piece_char: ' "err$asked.txt") samples on stderr"
done
[ "$(json s100.json 's["samples"]')" = "{'asked_per_reason': 100, 'cap_per_reason': 100, 'per_reason': 100, 'listed': 100, 'dropped': 0}" ] ||
  fail "--samples 100: $(json s100.json 's["samples"]')"
! grep -q 'note: ' err100.txt || fail "--samples 100: a note: $(grep 'note: ' err100.txt)"
[ "$(json s101.json 's["samples"]')" = "{'asked_per_reason': 101, 'cap_per_reason': 100, 'per_reason': 100, 'listed': 100, 'dropped': 1}" ] ||
  fail "--samples 101: $(json s101.json 's["samples"]')"
[ "$(grep -c '^fenbatch: note: --samples 101 is capped at 100' err101.txt)" = 1 ] ||
  fail "--samples 101: no note"
"$FENBATCH" -q --samples 101 --stats-json q.json small.fen outq.fen 2>errq.txt
[ ! -s errq.txt ] || fail "-q: stderr: $(head -n 3 errq.txt)"
[ "$(json q.json 's["samples"]["dropped"], len(s["invalid_samples"])')" = "(1, 100)" ] ||
  fail "-q: $(json q.json 's["samples"]["dropped"], len(s["invalid_samples"])')"
finish
