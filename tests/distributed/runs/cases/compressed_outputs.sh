#!/usr/bin/env bash
# Compressed outputs: -o out.fen.zst with side files named .gz, .xz and .bz2 (each compressed
# by its name), over 1 to 4 ranks; then outputs .gz, .xz and .bz2 over 3 ranks. Decompressed
# contents the same as fenbatch's (compare.sh: fenbatch-mpi may write a frame or member per
# rank); written at the ranks' offsets, and joined through rank 0.
. "$RUNS_DIR/compare.sh"
lines=8000
[ "${SANITIZED:-0}" = 1 ] && lines=1500
"$FENBATCH_GEN" -n "$lines" --seed 31 -o gen.fen || die "fenbatch-gen failed"
{ cat gen.fen; printf 'bad line\n'; head -n 2000 gen.fen; printf 'x y z\n'; } >in.fen
echo "== out.fen.zst, sides .gz .xz .bz2"
compare_runs "$RANKS" --dedupe --rejects rejects.txt.gz --counts counts.tsv.xz \
  --duplicates duplicates.txt.bz2 --stats-json stats.json -o out.fen.zst "$PWD/in.fen"
# The same through rank 0 (where the ranks cannot write the final files at their offsets: no
# file system they all share): FENBATCH_MPI_JOIN_THROUGH_RANK0, a switch for tests.
echo "== out.fen.zst, sides .gz .xz .bz2, joined through rank 0"
FENBATCH_MPI_JOIN_THROUGH_RANK0=1 compare_runs "2 4" --dedupe --rejects rejects.txt.gz \
  --counts counts.tsv.xz --duplicates duplicates.txt.bz2 --stats-json stats.json \
  -o out.fen.zst "$PWD/in.fen"
for out in out.fen.gz out.epd.xz out.fen.bz2; do
  echo "== $out"
  compare_runs "3" --dedupe --rejects rejects.zst --stats-json stats.json -o "$out" "$PWD/in.fen"
done
finish
