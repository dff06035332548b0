#!/usr/bin/env bash
# Determinism: the same input (a few thousand lines: the mixed input and the tests/data
# positions, repeated with varied counters, plus slices of four shared corpora when ../shared
# is present) gives byte-identical output, rejects and statistics (without timings and file
# names) with -j1/-j2/-j8, --chunk-size 1/7/1000/1M, with and without --no-mmap, and through
# standard input (redirected from a file, and from a pipe).
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
slice() { zstd -dc "$SHARED/corpus/$1" | head -n "$2" || true; }  # zstd gets SIGPIPE
{
  cat mixed.fen
  for i in $(seq 2 120); do
    cat mixed.fen "$DATA/positions.epd"
    sed "s/ [0-9]*\$/ $i/" "$DATA/positions.fen"
  done
  if [ -n "$SHARED" ]; then
    slice UHO_4060_v1.epd.zst 20000
    slice 3moves_FRC.epd.zst 5000        # CRLF, X-FEN 960
    slice DFRC_openings.epd.zst 5000     # Shredder castling
    slice popularpos_lichess.epd.zst 5000  # trailing blanks
  fi
} >big.fen
echo "input: $(wc -l <big.fen) lines" >&2

normalize() {  # the stats JSON without timings, thread count and file names
  python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
for k in ("wall_seconds", "threads", "mb_per_second", "positions_per_second", "inputs", "output"):
    s.pop(k)
# Sample file names follow the input name (<stdin>, a.gz): compare where, not how named.
for sample in s.get("invalid_samples", []):
    sample.pop("file")
for per_input in s.get("per_input", []):
    per_input.pop("path")
print(json.dumps(s, indent=1))' "$1"
}

# run NAME [ARGS...]: one run into NAME.out, NAME.rej, NAME.json (normalized into NAME.norm)
run() {
  local name=$1
  shift
  "$FENBATCH" -q --rejects "$name.rej" --stats-json "$name.json" -o "$name.out" "$@"
  normalize "$name.json" >"$name.norm"
  sed -i 's/^<stdin>:/big.fen:/' "$name.rej"
}
same() {  # same REF NAME
  local f
  for f in out rej norm; do
    cmp -s "$1.$f" "$2.$f" || { echo "FAIL: $2.$f differs from $1.$f"; diff "$1.$f" "$2.$f" | head -20; exit 1; }
  done
}

for dedupe in --dedupe ""; do
  ref="ref$dedupe"
  run "$ref" $dedupe -j1 big.fen
  [ -s "$ref.out" ] && [ -s "$ref.rej" ] || { echo "FAIL: empty reference output"; exit 1; }
  for j in 1 2 8; do
    for chunk in 1 7 1000 1M; do
      for mmap in "" --no-mmap; do
        name="run$dedupe-j$j-c$chunk$mmap"
        run "$name" $dedupe -j"$j" --chunk-size "$chunk" $mmap big.fen
        same "$ref" "$name"
      done
    done
  done
  for chunk in 7 1M; do
    run "stdin$dedupe-c$chunk" $dedupe -j8 --chunk-size "$chunk" - <big.fen
    same "$ref" "stdin$dedupe-c$chunk"
    # Through a pipe; input_bytes there is checked by stdin_pipe_input_bytes.sh.
    cat big.fen | run "pipe$dedupe-c$chunk" $dedupe -j8 --chunk-size "$chunk"
    for f in "$ref" "pipe$dedupe-c$chunk"; do grep -v '"input_bytes"' "$f.norm" >"$f.norm2"; done
    cmp -s "$ref.out" "pipe$dedupe-c$chunk.out" && cmp -s "$ref.rej" "pipe$dedupe-c$chunk.rej" &&
      cmp -s "$ref.norm2" "pipe$dedupe-c$chunk.norm2" ||
      { echo "FAIL: pipe$dedupe-c$chunk differs"; exit 1; }
  done
  echo "ok${dedupe:+ with $dedupe}"
done
