#!/usr/bin/env bash
# gzip, bzip2, xz and zstd inputs (made with the command-line tools) are decompressed
# transparently, detected by magic bytes and not by name: output, rejects and statistics equal
# those of the plain file (bytes = uncompressed size, input_bytes = compressed size, the BOM
# at the start of the decompressed text skipped), also with misleading extensions, through
# stdin and with --no-mmap; a plain file named *.gz is read as plain text.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
size=$(wc -c <mixed.fen)
"$FENBATCH" -q --dedupe --rejects ref.rej --stats-json ref.json mixed.fen ref.out

# Compares one run with the reference: compare NAME INPUT_SIZE [FENBATCH ARGS...]
# (the input name in the rejects is replaced by mixed.fen; stats compared without file names
# and timings).
compare() {
  local name=$1 input_size=$2
  shift 2
  "$FENBATCH" -q --dedupe --rejects "$name.rej" --stats-json "$name.json" "$@" >"$name.out"
  cmp ref.out "$name.out" || { echo "FAIL $name: output differs"; exit 1; }
  sed -E 's/^[^:]+:/mixed.fen:/' "$name.rej" | cmp ref.rej - ||
    { echo "FAIL $name: rejects differ"; exit 1; }
  python3 - ref.json "$name.json" "$size" "$input_size" <<'PY' || { echo "FAIL $name: stats"; exit 1; }
import json, sys
ref, got = (json.load(open(p)) for p in sys.argv[1:3])
size, input_size = int(sys.argv[3]), int(sys.argv[4])
ok = True
if got["bytes"] != size:
    print(f"bytes {got['bytes']}, expected {size}"); ok = False
if input_size >= 0 and got["input_bytes"] != input_size:
    print(f"input_bytes {got['input_bytes']}, expected {input_size}"); ok = False
for k in ("inputs", "output", "input_bytes", "wall_seconds", "threads", "mb_per_second",
          "positions_per_second"):
    ref.pop(k); got.pop(k)
# Sample file names follow the input name (<stdin>, a.gz): compare where, not how named.
for sample in ref.get("invalid_samples", []) + got.get("invalid_samples", []):
    sample.pop("file")
for per_input in ref.get("per_input", []) + got.get("per_input", []):
    per_input.pop("path")
if ref != got:
    print({k: (ref[k], got[k]) for k in ref if ref[k] != got.get(k)}); ok = False
sys.exit(0 if ok else 1)
PY
  echo "$name: ok"
}

gzip -c mixed.fen >mixed.fen.gz
bzip2 -c mixed.fen >mixed.fen.bz2
xz -c mixed.fen >mixed.fen.xz
zstd -q -c mixed.fen >mixed.fen.zst
for ext in gz bz2 xz zst; do
  compare "$ext" "$(wc -c <mixed.fen.$ext)" mixed.fen.$ext
  compare "$ext-no-mmap" "$(wc -c <mixed.fen.$ext)" --no-mmap mixed.fen.$ext
done
# Misleading names: the content decides.
cp mixed.fen.gz gzip-data.fen
cp mixed.fen.zst zstd-data.gz
cp mixed.fen.bz2 bzip2-data.xz
cp mixed.fen.xz xz-data.zst
cp mixed.fen plain-data.gz
compare gzip-as-fen "$(wc -c <gzip-data.fen)" gzip-data.fen
compare zstd-as-gz "$(wc -c <zstd-data.gz)" zstd-data.gz
compare bzip2-as-xz "$(wc -c <bzip2-data.xz)" bzip2-data.xz
compare xz-as-zst "$(wc -c <xz-data.zst)" xz-data.zst
compare plain-as-gz "$size" plain-data.gz
# Standard input: redirected from a file, and from a pipe.
compare stdin-xz "$(wc -c <mixed.fen.xz)" - <mixed.fen.xz
# (input_bytes through a pipe is checked by stdin_pipe_input_bytes.sh, so -1: not here.)
compare stdin-gz-pipe -1 < <(cat mixed.fen.gz)
