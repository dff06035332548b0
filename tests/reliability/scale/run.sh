#!/usr/bin/env bash
# Scale tier (RELIABILITY A17, G17, G22; not part of CI): a generated input larger than 4 GiB
# with an invalid line after byte 2^32. Checks exact counts, the reported line number and byte
# offset of that line (64-bit), that every line is accounted for, and reports time and peak RSS.
# Usage: tests/reliability/scale/run.sh [WORKDIR] [GIB]   (default: a temp dir, 4.4 GiB)
# Needs about 2x the input size of free disk and ~3 GB of memory.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=${1:-$(mktemp -d)}
gib=${2:-4.4}
fenbatch=${FENBATCH:-$root/build/release/apps/fenbatch}
gen=${FENBATCH_GEN:-$root/build/release/apps/fenbatch-gen}
[ -x "$fenbatch" ] && [ -x "$gen" ] || { echo "build first: cmake --build --preset release" >&2; exit 2; }
mkdir -p "$work"
input="$work/big.fen"

bytes=$(awk -v g="$gib" 'BEGIN { printf "%.0f", g * 1073741824 }')
echo "== generating $gib GiB ($bytes bytes) into $input"
"$gen" --bytes "$bytes" --seed 11 -o "$work/part1.fen"
part1_size=$(stat -c %s "$work/part1.fen")
part1_lines=$(wc -l <"$work/part1.fen")
[ "$part1_size" -gt 4294967296 ] || { echo "part 1 is not past 2^32 bytes" >&2; exit 1; }
bad_line='this line is not a FEN'
{
  cat "$work/part1.fen"
  printf '%s\n' "$bad_line"
  "$gen" -n 1000 --seed 12
} >"$input"
rm "$work/part1.fen"
expected_lines=$((part1_lines + 1 + 1000))
expected_bad_line=$((part1_lines + 1))
expected_offset=$part1_size

echo "== fenbatch --dedupe (input $(stat -c %s "$input") bytes, $expected_lines lines)"
/usr/bin/time -v "$fenbatch" --dedupe -q --stats-json "$work/stats.json" --rejects "$work/rejects.txt" \
  "$input" "$work/out.fen" 2>"$work/time.txt"
grep -E "Elapsed|Maximum resident" "$work/time.txt"

python3 - "$work/stats.json" "$expected_lines" "$expected_bad_line" "$expected_offset" "$input" <<'PY'
import json, sys
stats = json.load(open(sys.argv[1]))
lines, bad_line, offset, name = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
failures = []
def expect(what, got, want):
    if got != want:
        failures.append(f"{what}: {got}, expected {want}")
expect("lines", stats["lines"], lines)
expect("invalid", stats["invalid"], 1)
expect("reconciliation", stats["reconciliation"]["balanced"], True)
expect("written + duplicates", stats["written"] + stats["duplicates"], lines - 1)
sample = stats["invalid_samples"][0] if stats["invalid_samples"] else {}
expect("sample line", sample.get("line"), bad_line)
expect("sample offset", sample.get("offset"), offset)
expect("sample column", sample.get("column"), 1)
print(f"lines {stats['lines']:,}, unique {stats['unique']:,}, duplicates {stats['duplicates']:,}, "
      f"invalid at line {sample.get('line'):,} offset {sample.get('offset'):,} (2^32 = 4,294,967,296)")
if failures:
    print("FAIL: " + "; ".join(failures))
    sys.exit(1)
PY
grep -q "big.fen:$expected_bad_line:1: bad_piece_char: $bad_line" "$work/rejects.txt" ||
  { echo "FAIL: rejects file does not name line $expected_bad_line"; exit 1; }
echo "== ok"
