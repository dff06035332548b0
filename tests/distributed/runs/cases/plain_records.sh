#!/usr/bin/env bash
# Stockfish's .plain (issue 29) in fenbatch-mpi: records of six lines (fields shuffled, some
# CR LF), duplicates far from their first occurrence, garbage lines and malformed records
# between them, a record cut at the end. Each rank's part of the file starts after an `e` line
# (record_ends.hpp), so over 1 to 3 ranks, and without --dedupe in small chunks, the output,
# rejects (FILE:LINE of each record's first line), counts, duplicates and statistics
# (skipped.record_lines included) are fenbatch's in every byte (compare.sh).
. "$RUNS_DIR/compare.sh"
lines=3000
[ "${SANITIZED:-0}" = 1 ] && lines=600
"$FENBATCH_GEN" -n "$lines" --seed 29 --variant mixed -o gen.fen || die "fenbatch-gen failed"
"$PY" - <<'PY' || die "making the .plain failed"
import random
rng = random.Random(29)
fens = [l.strip() for l in open("gen.fen") if l.strip()]
fens += fens[: len(fens) // 5]  # repeats, far from their first occurrence
out = []
for i, fen in enumerate(fens):
    fields = [f"fen {fen}", "move e2e4", f"score {rng.randint(-500, 500)}", f"ply {i % 90}",
              f"result {rng.choice([-1, 0, 1])}"]
    rng.shuffle(fields)
    end = "\r\n" if i % 7 == 3 else "\n"
    out.append(end.join(fields + ["e"]) + end)
    if i % 97 == 5:
        out.append("garbage between records\n" if i % 2 else "garbage\n")
    if i % 211 == 7:
        out.append("score 1\nscore 2\nfen 8/8/8/8/8/8/8/8 w - - 0 1\ne\n")
open("a.plain", "w", newline="").write("".join(out) + "fen " + fens[0] + "\nscore 3\n")
PY
echo "== -d --counts --duplicates"
compare_runs "1 2 3" -d --rejects rejects.txt --counts counts.tsv --duplicates duplicates.txt \
  --stats-json stats.json -o out.plain "$PWD/a.plain"
"$PY" -c 'import json, sys
s = json.load(open("ref/stats.json"))
ok = s["duplicates"] > 0 and s["skipped"]["record_lines"] > 0 and s["invalid"] > 0
sys.exit(0 if ok else "nothing duplicate, skipped or invalid")' || fail "the case proves little"
echo "== no --dedupe, --chunk-size 1K"
compare_runs "2 3" --chunk-size 1K --rejects rejects.txt --stats-json stats.json -o out.plain \
  "$PWD/a.plain"
finish
