#!/usr/bin/env bash
# Small hostile inputs built here, over 1 to 4 ranks, the same as fenbatch's in every byte
# (compare.sh): invalid lines of many reasons, CRLF endings, a UTF-8 BOM, no final LF, blank
# and comment lines, NUL and non-ASCII bytes, an overlong line (past the 65,536-byte cap),
# 10x8 X-FEN lines (tests/data), Chess960 (../shared/vectors when present, else built in),
# the same lines again further on (duplicates across what become different ranks' ranges), a
# file of two lines (more ranks than lines) and an empty file. With --dedupe, --rejects,
# --counts, --duplicates and --stats-json; and without --dedupe (rejects' FILE:LINE, and the
# samples on stderr, numbered as one process numbers them). Each input alone too, over 4 ranks.
. "$RUNS_DIR/compare.sh"
K='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
S='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
xs() { head -c "$1" /dev/zero | tr '\0' "$2"; }
block() {
  printf '%s\n' "$S" "$K" 'not a fen at all' \
    '4k3/8/8/8/8/8/8/4K3 y - - 0 1' '4k3/8/8/8/8/8/8/4K3 w - - 0' \
    '4kk2/8/8/8/8/8/8/4K3 w - - 0 1' '8/8/8/8/8/8/8/4K3 w - - 0 1' \
    'P3k3/8/8/8/8/8/8/4K3 w - - 0 1' '4k3/8/8/8/8/8/8/4K3 w K - 0 1' \
    '4k3/8/8/8/8/8/8/4K3 w - e3 0 1' '4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra' \
    '4k3/9/8/8/8/8/8/4K3 w - - 0 1' '4k3/8/8/8/8/8/8/4K3 w - - -1 1' \
    '4k3/8/8/8/8/8/8/4K3 w - - 0 0' '4k3/8/8/8/8/8/8/4K3 b - - 0 1 ; c0 "x"' \
    '4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "epd";' '4k3/8/8/8/8/8/8/4K3 b - -' \
    '  4k3/8/8/8/8/8/8/4K3 w - - 0 1  ' '# a comment' '' '   '
  printf '%s\r\n' "$K" '4k3/8/8/8/8/8/8/4K3 b - - 0 1' 'crlf garbage'
  printf 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\r\n'
  printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\0junk\n'
  printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1 \xc3\xa9\n'
  printf '%s c0 "%s";\n' '4k3/8/8/8/8/8/8/4K3 w - - 0 1' "$(xs 70000 x)"
  printf '%s\n' '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
  cat "$DATA/ten_by_eight_mixed.fen"
  if [ -n "$SHARED" ]; then
    head -n 20 "$SHARED/vectors/perft-chess960.epd" | cut -d';' -f1
  else
    printf '%s\n' 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' \
      '2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9'
  fi
  "$FENBATCH_GEN" -n 300 --seed "$1" --variant mixed
}
{ printf '\xef\xbb\xbf'; block 1; block 2; block 1; printf '%s' "$K"; } >hostile.fen
{ block 3; cat hostile.fen; printf '%s\n' "$S"; printf 'no final newline'; } >second.epd
printf '%s\n' "$S" 'not a fen' >two_lines.fen
: >empty.fen
inputs=("$PWD/hostile.fen" "$PWD/empty.fen" "$PWD/two_lines.fen" "$PWD/second.epd")
echo "== --dedupe"
compare_runs "$RANKS" --dedupe --rejects rejects.txt --counts counts.tsv \
  --duplicates duplicates.txt --stats-json stats.json -o out.fen "${inputs[@]}"
cp ref/stats.json all_inputs.json
echo "== --dedupe, joined through rank 0"
FENBATCH_MPI_JOIN_THROUGH_RANK0=1 compare_runs "3" --dedupe --rejects rejects.txt \
  --counts counts.tsv --duplicates duplicates.txt --stats-json stats.json -o out.fen "${inputs[@]}"
echo "== no --dedupe"
compare_runs "$RANKS" --rejects rejects.txt --stats-json stats.json -o out.fen "${inputs[@]}"
for input in "${inputs[@]}"; do
  echo "== $(basename "$input") alone"
  compare_runs "4" --dedupe --rejects rejects.txt --counts counts.tsv \
    --duplicates duplicates.txt --stats-json stats.json -o out.fen "$input"
done
# What is compared is hostile indeed (the --dedupe run of every input): rejects of many
# reasons, the overlong line, NUL and non-ASCII bytes, CRLF, the BOM, duplicates, 10x8 lines.
$PY - all_inputs.json <<'PY' || fail "the hostile inputs do not exercise what they should"
import json, sys
s = json.load(open(sys.argv[1]))
r = s["invalid_by_reason"]
checks = {
    "reasons": sum(1 for v in r.values() if v > 0) >= 10,
    "line_too_long": r["line_too_long"] > 0,
    "nul_byte": r["nul_byte"] > 0,
    "non_ascii": r["non_ascii"] > 0,
    "crlf": s["notes"]["crlf_lines"] > 0,
    "bom": s["notes"]["bom_skipped"] > 0 and r["misplaced_bom"] > 0,
    "duplicates": s["duplicates"] > 100,
    "10x8": s["boards"]["10x8"]["valid"] > 0,
}
bad = [k for k, ok in checks.items() if not ok]
print("not exercised:", bad) if bad else None
sys.exit(1 if bad else 0)
PY
finish
