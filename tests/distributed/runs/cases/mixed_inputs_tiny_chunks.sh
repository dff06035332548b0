#!/usr/bin/env bash
# Several inputs, plain and compressed (.zst, .gz) mixed, with the smallest chunk size
# (--chunk-size 1: apps/batch/command_line.cpp takes any positive size; a chunk is then one
# line) and a small one (1K), over 1 to 4 ranks, the same as fenbatch's in every byte
# (compare.sh). The inputs repeat each other's lines (duplicates across files and ranks) and
# hold invalid lines (rejects numbered per file).
. "$RUNS_DIR/compare.sh"
lines=3000
[ "${SANITIZED:-0}" = 1 ] && lines=600
"$FENBATCH_GEN" -n "$lines" --seed 11 -o a.fen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n "$lines" --seed 12 --variant mixed -o b.gen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n "$lines" --seed 13 -o c.gen || die "fenbatch-gen failed"
{ head -n 500 a.fen; echo 'invalid in b'; cat b.gen; } >b.fen
{ cat c.gen; echo 'invalid in c'; tail -n 700 b.gen; } >c.fen
{ printf 'bad\n\n'; head -n 900 c.gen; tail -n 100 a.fen; printf '%s' "$(head -n 1 a.fen)"; } >d.fen
{ zstd -q --rm b.fen && gzip c.fen; } || die "cannot compress the inputs"
inputs=("$PWD/a.fen" "$PWD/b.fen.zst" "$PWD/d.fen" "$PWD/c.fen.gz" "$PWD/a.fen")
echo "== --chunk-size 1"
compare_runs "$RANKS" --chunk-size 1 --dedupe --rejects rejects.txt --counts counts.tsv \
  --duplicates duplicates.txt --stats-json stats.json -o out.fen "${inputs[@]}"
echo "== --chunk-size 1K, no --dedupe"
compare_runs "2 3" --chunk-size 1K --rejects rejects.txt --stats-json stats.json \
  -o out.fen "${inputs[@]}"
finish
