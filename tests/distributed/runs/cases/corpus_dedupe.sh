#!/usr/bin/env bash
# The shared corpus (../shared/corpus/*.epd.zst) decompressed into plain files, which are split
# among the ranks by byte ranges, plus two of them compressed (each goes to one rank whole):
# --dedupe with --rejects, --counts, --duplicates and --stats-json, over 1 to 4 ranks, the same
# as fenbatch's in every byte (compare.sh). Sanitizer builds: six of the files.
. "$RUNS_DIR/compare.sh"
[ -n "$SHARED" ] || skip "../shared/corpus is absent: no shared corpus to compare on"
mkdir in
files=("$SHARED"/corpus/*.epd.zst)
[ "${SANITIZED:-0}" = 1 ] && files=("$SHARED"/corpus/{2moves_v1,4mvs_+90_+99,FRC_openings,noob_2moves,startpos,8mvs_+90_+99}.epd.zst)
plain=()
for f in "${files[@]}"; do
  name=$(basename "$f" .zst)
  zstd -qdc "$f" >"in/$name" || die "cannot decompress $f"
  plain+=("$PWD/in/$name")
done
# Compressed inputs among the plain ones: rank boundaries fall around them.
compressed=("$SHARED/corpus/noob_2moves.epd.zst" "$SHARED/corpus/FRC_openings.epd.zst")
inputs=("${plain[@]:0:2}" "${compressed[0]}" "${plain[@]:2}" "${compressed[1]}")
compare_runs "$RANKS" --dedupe --rejects rejects.txt --counts counts.tsv \
  --duplicates duplicates.txt --stats-json stats.json -o out.epd "${inputs[@]}"
# The corpus must exercise what is compared: duplicates across files (so across ranks).
[ "$($PY -c 'import json; print(json.load(open("ref/stats.json"))["duplicates"] > 1000)')" = True ] ||
  fail "the corpus run found too few duplicates to test the exchange"
finish
