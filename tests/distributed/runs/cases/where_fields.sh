#!/usr/bin/env bash
# --where's $NAME fields (issue 29) in fenbatch-mpi: JSON lines read by a dotted path (some
# records without it, some with a string there) over 1 to 3 ranks with --dedupe, and FEN lines
# with --payload columns in small chunks: the same output, counts and statistics
# (filtered_by_where's filtered and missing included) as fenbatch's in every byte
# (compare.sh).
. "$RUNS_DIR/compare.sh"
lines=3000
[ "${SANITIZED:-0}" = 1 ] && lines=600
"$FENBATCH_GEN" -n "$lines" --seed 33 -o gen.fen || die "fenbatch-gen failed"
# Line i: depth i % 40 (none when i % 7 == 0, "mate" when i % 11 == 0); repeats of earlier
# lines every 13th line, so that dedupe has work.
"$PY" - <<'PY' || die "could not write the inputs"
import json
positions = open("gen.fen").read().splitlines()
with open("a.jsonl", "w") as js, open("b.fen", "w") as fen:
    for i, p in enumerate(positions):
        if i % 13 == 12:
            p = positions[i // 2]
        record = {"fen": p}
        if i % 7 != 0:
            record["evals"] = [{"depth": "mate" if i % 11 == 0 else i % 40}]
        js.write(json.dumps(record) + "\n")
        fen.write(f"{p} | {i % 200 - 100} | {(i % 3) / 2}\n")
PY
echo "== JSON lines, -d, \$evals.0.depth"
compare_runs "1 2 3" --where '$evals.0.depth >= 20' --where 'pieces >= 20' -d \
  --stats-json stats.json -o out.jsonl "$PWD/a.jsonl"
# Some filtered lines lacked the path (else the case proves little).
"$PY" -c 'import json, sys
s = json.load(open("ref/stats.json"))
w = s["filtered_by_where"][0]
sys.exit(0 if w["filtered"] > w["missing"] > 0 else f"filtered_by_where: {w}")' ||
  fail "no missing field counted"
echo "== FEN lines, --payload columns, --chunk-size 1K"
compare_runs "2" --payload --where '$1 > 0 and $2 != 0.5' --chunk-size 1K \
  --stats-json stats.json -o out.fen "$PWD/b.fen"
finish
