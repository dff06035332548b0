#!/usr/bin/env bash
# --keep max:FIELD / min:FIELD (issue 29) under a memory budget: about 60,000 CSV records
# (20,000 generated 8x8 and 10x8 positions, many seen up to 9 times, far apart, with scores
# that tie, are missing or are not numbers, and invalid records), with --counts and
# --duplicates: under --memory-limit 16M (partitioned) at -j1, -j2 and with a small
# --chunk-size, the same output, rejects, counts, duplicates and statistics (without timings,
# threads, memory, file names) as the run under the default budget at -j2, and -j1 there too.
# No temporary is left in --temp-dir.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
"$FENBATCH_GEN" -n 20000 --seed 47 --variant mixed -o gen.fen
python3 - gen.fen <<'PY'
import random, sys
positions = [line.rstrip("\n") for line in open(sys.argv[1])]
rng = random.Random(47)
values = ["3", "-2", "0.5", "1", "1.0", "-0.25", "0", "250", "", "mate"]
picks = []
for position in positions:
    picks += [position] * rng.choice([1, 1, 2, 3, 9])
rng.shuffle(picks)
with open("big.csv", "w") as out:
    out.write("fen,score\n")
    for k, position in enumerate(picks):
        if k % 500 == 0:
            out.write("not a position,1\n")
        out.write("%s,%s\n" % (position, rng.choice(values)))
PY
rm gen.fen
mkdir spill
policy_run() {  # policy_run NAME ARGS...: run (same_runs.sh) with --counts and --duplicates
  local name=$1
  shift
  run "$name" --counts counts.tsv --duplicates dups.txt "$@"
  mv counts.tsv "$name.counts"
  mv dups.txt "$name.dups"
}
mode() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["memory"]["dedupe"])' "$1"; }
same_files() {  # same_files REF NAME: the outputs, counts and duplicates (same_runs.sh's same)
  for f in counts dups; do
    cmp -s "$1.$f" "$2.$f" || { echo "FAIL: $2.$f differs from $1.$f"; exit 1; }
  done
  same "$1" "$2"
}
for policy in "--keep max:2" "--keep min:2 --max-per-position 2 --min-count 2"; do
  # shellcheck disable=SC2086
  policy_run mem -j2 $policy big.csv
  python3 - mem.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
o = s["options"]
print("%s %s %s: duplicates > 0 %s, rare > 0 %s, balanced %s" % (
    o["keep"], o["max_per_position"], o["min_count"], s["duplicates"] > 0, s["rare"] > 0,
    s["reconciliation"]["balanced"]))
PY
  # shellcheck disable=SC2086
  policy_run mem1 -j1 $policy big.csv
  same_files mem mem1
  for args in "-j1" "-j2" "-j2 --chunk-size 3000"; do
    name="p${args// /}"
    # shellcheck disable=SC2086
    policy_run "$name" --memory-limit 16M --temp-dir spill $args $policy big.csv
    same_files mem "$name"
    echo "$policy --memory-limit 16M $args: dedupe $(mode "$name.json"), the same"
    [ -z "$(ls -A spill)" ] || { echo "FAIL: left in spill: $(ls -A spill)"; exit 1; }
  done
done
