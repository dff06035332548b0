#!/usr/bin/env bash
# corpus_dedupe.sh with one thread per rank (-j1): the same bytes as fenbatch -j1. Every file
# but the largest (DFRC_openings, 52 MB) to keep the time down; sanitizer builds: five files.
. "$RUNS_DIR/compare.sh"
[ -n "$SHARED" ] || skip "../shared/corpus is absent: no shared corpus to compare on"
mkdir in
inputs=()
for f in "$SHARED"/corpus/*.epd.zst; do
  name=$(basename "$f" .zst)
  case "$name" in DFRC_openings.epd) continue ;; esac
  if [ "${SANITIZED:-0}" = 1 ]; then
    case "$name" in 2moves_v1.epd|4mvs_+90_+99.epd|noob_2moves.epd|8mvs_+90_+99.epd) ;; *) continue ;; esac
  fi
  zstd -qdc "$f" >"in/$name" || die "cannot decompress $f"
  inputs+=("$PWD/in/$name")
done
inputs+=("$SHARED/corpus/startpos.epd.zst")
compare_runs "$RANKS" -j1 --dedupe --rejects rejects.txt --counts counts.tsv \
  --duplicates duplicates.txt --stats-json stats.json -o out.epd "${inputs[@]}"
finish
