#!/usr/bin/env bash
# --where's $NAME fields (issue 29) on hand-written records of each source: CSV columns by
# name (exactly, in any case) and number, JSON paths, EPD operations, --payload columns. The
# kept records and the `missing` counts in where_fields.stdout are worked out by hand from the
# rules (a number when the text reads as one; a comparison that meets a missing field, or a
# string where a number is compared, is false; `missing` counts the lines a rule filtered that
# lacked a field it reads). A name the header lacks is a usage error.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
kk='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
krk='4k3/8/8/8/8/8/8/4K2R w K - 0 1'
qrk='4k3/8/8/8/8/8/8/R3K3 w Q - 0 1'
# id 3: a string score; id 4: an empty one; id 5: no result and no ply columns.
cat >data.csv <<CSV
id,fen,score,result,ply
1,$start,120,1-0,0
2,$kk,-35,0-1,40
3,$krk,mate,1-0,12
4,$qrk,,1/2-1/2,7
5,4k3/8/8/8/8/8/8/4K3 b - - 0 1,100.5
CSV
# The ids of the records written, and each --where's filtered and missing counts.
show() {
  local input=$1
  shift
  "$FENBATCH" -q "$@" --stats-json s.json "$input" out.txt
  python3 - "$input" "$*" <<'PY'
import json, sys
s = json.load(open("s.json"))
lines = open("out.txt").read().splitlines()
if sys.argv[1].endswith(".csv"):
    kept = " ".join(line.split(",")[0] for line in lines[1:])
else:
    kept = " | ".join(lines)
rules = [(w["filtered"], w["missing"]) for w in s["filtered_by_where"]]
print(f"{sys.argv[2]}: kept {kept}; filtered, missing {rules}; balanced "
      f"{s['reconciliation']['balanced']}")
PY
}
show data.csv --where '$score > 100'
show data.csv --where '$result == "1-0"'
show data.csv --where '$ply >= 10 or $result != "1-0"'
show data.csv --where '$SCORE <= 0'
show data.csv --where '$3 == 120'
show data.csv --where '${score} == 100.5'
show data.csv --where '$ply >= 1' --where '$score < 1000'
show data.csv --where 'not $result == "1-0"'
# The summary gives each rule's missing lines when there are some.
"$FENBATCH" --stats --where '$result == "1-0"' --where '$score > -100' data.csv out.txt 2>&1 |
  grep "where '"
"$FENBATCH" -q --where '$scor > 1' data.csv out.txt || echo "exit $?"
"$FENBATCH" -q --where '$6 > 1' data.csv out.txt || echo "exit $?"

cat >evals.jsonl <<JSON
{"fen":"$start","evals":[{"depth":36,"pvs":[{"cp":20}]},{"depth":12}]}
{"fen":"$kk","evals":[{"depth":5,"pvs":[{"mate":3}]}]}
{"fen":"$krk","evals":[]}
JSON
show evals.jsonl --where '$evals.0.depth > 10'
show evals.jsonl --where 'abs($evals.0.pvs.0.cp) < 50'
show evals.jsonl --where '$evals.1.depth == 12 or $evals.0.depth == 5'

cat >book.epd <<'EPD'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; ce 35; c0 "main line";
4k3/8/8/8/8/8/8/4K3 w - - ce -500;
4k3/8/8/8/8/8/8/4K2R w K - c0 "x";
EPD
show book.epd --where '$ce >= 0'
show book.epd --where '$c0 == "main line"'
show book.epd --where '$bm == "e4"'

cat >labels.txt <<LABELS
$start | 25 | 0.5
$kk | 104 | 1
$krk | 88 | 0
$qrk [0.5] 10
LABELS
show labels.txt --payload --where '$1 >= 88 and $1 <= 104'
show labels.txt --payload --where '$2 == 1'

# The same output, rejects and statistics (but timings) at -j1, -j2 and 64-byte chunks.
fields=(-d --where '$ply >= 1' --where '$score < 1000' data.csv)
run j1 -j1 "${fields[@]}"
for args in "-j2" "-j2 --chunk-size 64"; do
  # shellcheck disable=SC2086
  run "j${args// /}" $args "${fields[@]}"
  same j1 "j${args// /}"
done
echo "same at -j1, -j2, 64-byte chunks"
# Partitioned (--keep last decides in partitions; pass 3 replays each chunk and filters it
# again): the same counts as in memory, each filtered line counted once.
mkdir spill
"$FENBATCH" -q "${fields[@]:0:5}" --keep last --memory-limit 16M --temp-dir spill \
  --stats-json k.json data.csv k.csv
python3 -c 'import json; s = json.load(open("k.json"))
print("partitioned:", s["memory"]["dedupe"], [(w["filtered"], w["missing"]) for w in s["filtered_by_where"]])'
