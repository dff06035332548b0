#!/usr/bin/env bash
# --counts, --duplicates and --exclude on the command line, expectations written out by hand:
# the counts file (no header; count, the four fields, FILE:LINE of the first occurrence; a
# position 300 times; sums to the valid lines minus the excluded ones; `sort -rn` ranks it),
# the duplicates file (FILE:LINE: duplicate of FILE:LINE: the line as read), --exclude with a
# zstd- and a gzip-compressed reference holding invalid lines (counted, not fatal), with and
# without --dedupe, and a missing reference (exit 2, nothing written); counts on standard output,
# and a spill directory that does not exist (exit 2, nothing written).
set -uo pipefail
K='4k3/8/8/8/8/8/8/4K3'
S='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'
C='7k/8/8/8/8/8/8/K7'
printf '%s\n' "$K w - - 0 1" "$S w KQkq - 0 1" "$K  w - - 9 50" "not a fen" >a.fen
{ printf '%s\n' "$S w KQkq -"; for _ in $(seq 300); do printf '%s\n' "$C w - - 0 1"; done; } >b.fen

check() {  # check NAME FILE: FILE equals standard input
  if diff -u - "$2"; then echo "$1 ok"; else echo "$1 differs"; fi
}

"$FENBATCH" -q --counts counts.tsv --duplicates dups.txt -o out.fen a.fen b.fen
echo "exit=$?"
printf '%s\n' "$K w - - 0 1" "$S w KQkq - 0 1" "$C w - - 0 1" | check output out.fen
printf '2\t%s\ta.fen:1\n2\t%s\ta.fen:2\n300\t%s\tb.fen:2\n' "$K w - -" "$S w KQkq -" "$C w - -" |
  check counts counts.tsv
{
  printf 'a.fen:3: duplicate of a.fen:1: %s\n' "$K  w - - 9 50"
  printf 'b.fen:1: duplicate of a.fen:2: %s\n' "$S w KQkq -"
  for n in $(seq 3 301); do printf 'b.fen:%s: duplicate of b.fen:2: %s\n' "$n" "$C w - - 0 1"; done
} | check duplicates dups.txt
echo "sum of counts: $(awk -F'\t' '{ s += $1 } END { print s }' counts.tsv)"  # 304 valid lines
echo "most repeated: $(sort -rn counts.tsv | head -1 | cut -f1,3)"

# References: the corner kings (EPD with an operation) and an invalid line, zstd-compressed;
# lone kings with other counters and a kingless board, gzip-compressed.
printf '%s\n' "$C w - - id \"x\";" "junk" | zstd -q -o ref1.epd.zst
printf '%s\n' "$K w - - 3 7" "8/8/8/8/8/8/8/8 w - - 0 1" | gzip >ref2.fen.gz
"$FENBATCH" -q -d --exclude ref1.epd.zst --exclude ref2.fen.gz --counts ex.tsv \
  --stats-json ex.json -o ex.fen a.fen b.fen
echo "exit=$?"
printf '%s\n' "$S w KQkq - 0 1" | check exclude-dedupe ex.fen
printf '2\t%s\ta.fen:2\n' "$S w KQkq -" | check exclude-counts ex.tsv
python3 - ex.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("lines", d["lines"], "written", d["written"], "duplicates", d["duplicates"],
      "excluded", d["excluded"], "invalid", d["invalid"])
PY
"$FENBATCH" -q --exclude ref1.epd.zst --exclude ref2.fen.gz -o ex2.fen a.fen b.fen
echo "exit=$?"
printf '%s\n' "$S w KQkq - 0 1" "$S w KQkq - 0 1" | check exclude-plain ex2.fen

"$FENBATCH" -q -d --exclude missing.fen -o never.fen a.fen 2>&1
echo "exit=$?"
[ -e never.fen ] && echo "never.fen written" || echo "nothing written"

"$FENBATCH" -q --counts - -o /dev/null a.fen | head -1 | cut -f1,3
TMPDIR=/nonexistent "$FENBATCH" -q --counts - -o never.fen a.fen 2>&1 >/dev/null
echo "exit=$?"
[ -e never.fen ] && echo "never.fen written" || echo "nothing written"
