#!/usr/bin/env bash
# Determinism: the same input (a few thousand lines: the mixed input and the tests/data
# positions, repeated with varied counters, plus slices of four shared corpora when ../shared
# is present) gives byte-identical output, rejects and statistics (without timings and file
# names) with -j1/-j2/-j8, --chunk-size 1/7/1000/1M, with and without --no-mmap, and through
# standard input (redirected from a file, and from a pipe).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
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
