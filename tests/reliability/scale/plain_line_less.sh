#!/usr/bin/env bash
# Scale tier (RELIABILITY A11 for Stockfish's .plain, issue 29; not part of CI): a 10 GB .plain
# without a single LF, streamed through a pipe (nothing on disk), of two kinds: NUL bytes (one
# line rejected alone as plain_bad_line) and records whose lines end in CR alone (one line
# `fen ...` without `e`: plain_unterminated). Either way: exit 1 (no valid record), lines 1,
# invalid 1, bytes exact past 2^32, the rejects entry cut after 65,537 bytes, peak RSS under
# 48 MiB; reports time and peak RSS. The CI version: reliability.A11_plain_line_less (100 MB).
# Usage: tests/reliability/scale/plain_line_less.sh [GB]   (default 10, i.e. 10^10 bytes)
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
fenbatch=${FENBATCH:-$root/build/release/apps/fenbatch}
[ -x "$fenbatch" ] || { echo "build first: cmake --build --preset release" >&2; exit 2; }
size=$(awk -v g="${1:-10}" 'BEGIN { printf "%.0f", g * 1e9 }')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
K='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
failed=0
for kind in nul cr; do
  reason=$([ $kind = nul ] && echo plain_bad_line || echo plain_unterminated)
  echo "== $size bytes without LF ($kind), streamed"
  if [ $kind = nul ]; then
    head -c "$size" /dev/zero
  else
    yes "fen $K"$'\r'"move e1e2"$'\r'"score 12"$'\r'"ply 3"$'\r'"result 0"$'\r'"e" | head -c "$size" | tr '\n' '\r'
  fi | /usr/bin/time -v "$fenbatch" --input-format plain --rejects "$work/rej.txt" \
    --stats-json "$work/s.json" - "$work/out.plain" 2>"$work/err.txt"
  status=${PIPESTATUS[1]}
  grep -E "Elapsed|Maximum resident" "$work/err.txt"
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/err.txt")
  python3 - "$work/s.json" "$size" "$reason" "$status" "$rss" "$work/rej.txt" "$work/out.plain" <<'PY' || failed=1
import json, os, sys
s = json.load(open(sys.argv[1]))
size, reason, status, rss, rej, out = int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], sys.argv[7]
prefix = f"<stdin>:1:1: {reason}: ".encode()
entry = open(rej, "rb").read()
checks = [
    ("exit status", status, 1),
    ("lines, invalid, reason, written", (s["lines"], s["invalid"], s["invalid_by_reason"][reason], s["written"]), (1, 1, 1, 0)),
    ("bytes", s["bytes"], size),
    ("reconciliation", s["reconciliation"]["balanced"], True),
    ("rejects entry", (entry.startswith(prefix), len(entry)), (True, len(prefix) + 65537 + 1)),
    ("output size", os.path.getsize(out), 0),
    ("peak RSS under 48 MiB", rss <= 48 * 1024, True),
]
bad = [f"{what}: {got}, expected {want}" for what, got, want in checks if got != want]
print("FAIL: " + "; ".join(bad) if bad else f"ok (peak RSS {rss} KiB)")
sys.exit(1 if bad else 0)
PY
done
exit "$failed"
