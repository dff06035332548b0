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
. "$(dirname "${BASH_SOURCE[0]}")/../survivor_runs.sh"
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
check_policy big.csv --keep max:2
check_policy big.csv --keep min:2 --max-per-position 2 --min-count 2
