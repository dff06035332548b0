#!/usr/bin/env bash
# Stockfish's .plain (issue 29) under a memory budget: about 220,000 records (200,000 generated
# 8x8 and 10x8 positions as six-line records, 20,000 repeats far from their first occurrence,
# garbage lines and a malformed record now and then) deduplicated under --memory-limit 16M,
# which the set outgrows (memory.dedupe "partitioned"), give the same output, rejects, --counts,
# --duplicates and statistics as in memory, at -j1 and -j2 and with a small --chunk-size: a
# replayed chunk (pass 3) is read record by record as pass 1 read it.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
"$FENBATCH_GEN" -n 200000 --seed 43 --variant mixed -o gen.fen
python3 - <<'PY'
import random
rng = random.Random(43)
fens = [l.strip() for l in open("gen.fen") if l.strip()]
fens += fens[:20000]
with open("big.plain", "w") as out:
    for i, fen in enumerate(fens):
        fields = [f"fen {fen}", "move e2e4", f"score {rng.randint(-500, 500)}", f"ply {i % 90}",
                  f"result {rng.choice([-1, 0, 1])}"]
        rng.shuffle(fields)
        out.write("\n".join(fields) + "\ne\n")
        if i % 997 == 5:
            out.write("garbage\n")
        if i % 2003 == 7:
            out.write("score 1\nfen x\nscore 2\ne\n")
PY
rm gen.fen
mkdir spill
plain_run() {
  local name=$1
  shift
  run "$name" -d --counts counts.tsv --duplicates dups.txt "$@" big.plain
  mv counts.tsv "$name.counts"
  mv dups.txt "$name.dups"
}
mode() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["memory"]["dedupe"])' "$1"; }
plain_run mem -j2
echo "reference: dedupe in $(mode mem.json)"
for args in "-j1" "-j2" "-j2 --chunk-size 100000"; do
  name="p${args// /}"
  # shellcheck disable=SC2086
  plain_run "$name" --memory-limit 16M --temp-dir spill $args
  for f in counts dups; do
    cmp -s "mem.$f" "$name.$f" || { echo "FAIL: $name.$f differs from mem.$f"; exit 1; }
  done
  same mem "$name"
  echo "--memory-limit 16M $args: dedupe $(mode "$name.json"), the same as in memory"
  [ -z "$(ls -A spill)" ] || { echo "FAIL: left in spill: $(ls -A spill)"; exit 1; }
done
python3 - mem.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
ok = s["duplicates"] > 0 and s["invalid"] > 0 and s["reconciliation"]["balanced"]
print("duplicates, invalid records, balanced:", ok)
PY
