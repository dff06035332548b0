#!/usr/bin/env bash
# Line length limit: a line of exactly 65,536 bytes (also followed by CR LF) is accepted; longer
# lines (65,537, 70,036 and 300,000 bytes) are rejected as line_too_long at column 65537 and the
# lines after them are read normally. The result is the same whether the file is mapped or read
# (--no-mmap, any --chunk-size, standard input, gzip): same output, the rejected lines in
# --rejects cut after 65,537 bytes, and statistics counting every byte (bytes = file size).
set -euo pipefail
k='4k3/8/8/8/8/8/8/4K3'
xs() { head -c "$1" /dev/zero | tr '\0' "$2"; }
{
  printf '%s c0 "%s";\n' "$k w - - 0 1" "$(xs 65500 x)"      # 1: 65,536 bytes, valid
  printf '%s c0 "%s";\r\n' "$k b - - 0 1" "$(xs 65500 x)"    # 2: 65,536 bytes + CR LF, valid
  printf '%s c0 "%s";\n' "$k w - - 0 1" "$(xs 65501 x)"      # 3: 65,537 bytes
  printf '%s c0 "%s";\n' "$k b - - 0 1" "$(xs 70000 x)"      # 4: 70,036 bytes
  printf '%s\n' "$(xs 300000 y)"                              # 5: 300,000 bytes
  printf '%s\n' "$k w - - 1 2"                                # 6
} >long.fen
size=$(wc -c <long.fen)

# Expected rejects: lines 3, 4 and 5 as read, each cut after 65,537 bytes (the cap plus one,
# what a streamed input keeps of an overlong line; docs/usage.md, --rejects).
for n in 3 4 5; do
  printf 'long.fen:%s:65537: line_too_long: ' "$n"
  sed -n "${n}p" long.fen | cut -b 1-65537
done >expected.rej

"$FENBATCH" --rejects ref.rej --stats-json ref.json long.fen >ref.out
cat ref.out
cmp -s expected.rej ref.rej || { echo "FAIL: rejects of the mapped file are not the cut lines"; exit 1; }
python3 - ref.json "$size" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
got = (s["lines"], s["valid"], s["invalid"], s["invalid_by_reason"]["line_too_long"],
       s["notes"]["crlf_lines"], s["bytes"])
want = (6, 3, 3, 3, 1, int(sys.argv[2]))
if got != want:
    sys.exit(f"FAIL: lines/valid/invalid/line_too_long/crlf_lines/bytes {got}, expected {want}")
PY

gzip -c long.fen >long.fen.gz
failed=0
check() {  # check NAME: NAME.out, NAME.rej, NAME.json against the mapped run
  local name=$1
  sed -i -E 's/^(<stdin>|long\.fen\.gz):/long.fen:/' "$name.rej"
  cmp -s ref.out "$name.out" || { echo "FAIL $name: output differs"; failed=1; }
  cmp -s ref.rej "$name.rej" ||
    { echo "FAIL $name: rejects differ ($(wc -c <"$name.rej") bytes, expected $(wc -c <ref.rej))"; failed=1; }
  python3 - ref.json "$name.json" <<'PY' || failed=1
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for k in ("inputs", "input_bytes", "wall_seconds", "threads", "mb_per_second", "positions_per_second"):
    a.pop(k); b.pop(k)
# Sample file names follow the input name (<stdin>, a.gz): compare where, not how named.
for sample in a.get("invalid_samples", []) + b.get("invalid_samples", []):
    sample.pop("file")
for per_input in a.get("per_input", []) + b.get("per_input", []):
    per_input.pop("path")
diff = {k: (a[k], b[k]) for k in a if a[k] != b[k]}
if diff:
    print(f"FAIL {sys.argv[2]}: stats differ: {diff}")
    sys.exit(1)
PY
}
for chunk in 1 1000 1M; do
  for mmap in "" --no-mmap; do
    name="file-c$chunk$mmap"
    "$FENBATCH" -q --chunk-size "$chunk" $mmap --rejects "$name.rej" --stats-json "$name.json" long.fen >"$name.out"
    check "$name"
  done
  name="stdin-c$chunk"
  cat long.fen | "$FENBATCH" -q --chunk-size "$chunk" --rejects "$name.rej" --stats-json "$name.json" >"$name.out"
  check "$name"
  name="gzip-c$chunk"
  "$FENBATCH" -q --chunk-size "$chunk" --rejects "$name.rej" --stats-json "$name.json" long.fen.gz >"$name.out"
  check "$name"
done
exit "$failed"
