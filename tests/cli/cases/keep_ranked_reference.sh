#!/usr/bin/env bash
# --keep max:FIELD / min:FIELD (issue 29) against an independent reference
# (tests/selection/survivors_reference.py, the issue's rules in plain Python, standard
# library only): the output, --counts, --duplicates and the statistics' written, duplicates,
# rare and unique, for max and min with --max-per-position 1 and 3 and --min-count 1 and 2, on
# generated data (8x8 and 10x8 positions seen up to 9 times, far apart, and invalid lines):
# a CSV whose score column holds integers, decimals, signs, ties ("1" and "1.0"; "-0" and "0"),
# empty and non-numeric values and rows too short to have it; and FEN lines whose `|` payload's
# first column holds the same, some lines without a payload.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../survivor_runs.sh"
reference="$(dirname "${BASH_SOURCE[0]}")/../../selection/survivors_reference.py"
"$FENBATCH_GEN" -n 1500 --seed 29 --variant mixed -o gen.fen
python3 - gen.fen <<'PY'
import random, sys
positions = [line.rstrip("\n") for line in open(sys.argv[1])]
rng = random.Random(29)
values = ["3", "-2", "0.5", "1", "1.0", "+1", "-0.25", "-0", "0", "10000", "2.50", "7", "-7",
          "", "mate", "n/a"]
picks = []
for i, position in enumerate(positions):
    picks += [position] * rng.choice([1, 1, 2, 3, 5, 9])
rng.shuffle(picks)
with open("scores.csv", "w") as csv_out, open("scores.fen", "w") as fen_out:
    csv_out.write("fen,score,note\n")
    for k, position in enumerate(picks):
        if k % 97 == 0:
            csv_out.write("not a position,1,x\n")
            fen_out.write("not a position | 1\n")
        value = rng.choice(values)
        if k % 31 == 0:
            csv_out.write(position + "\n")  # no score column
            fen_out.write(position + "\n")  # no payload
        elif k % 37 == 0:
            csv_out.write('%s,"%s",quoted\n' % (position, value))
            fen_out.write("%s | %s | quoted\n" % (position, value))
        else:
            csv_out.write("%s,%s,n%d\n" % (position, value, k))
            fen_out.write("%s | %s | n%d\n" % (position, value, k))
PY
# check KIND INPUT FIELD POLICIES [OPTIONS...]: each policy's run ("WHICH M N") against the
# reference's.
check() {
  local kind=$1 input=$2 field=$3 policies=$4 which m n
  shift 4
  "$FENBATCH" -q "$@" --rejects plain.rej "$input" "plain.$kind"
  while read -r which m n; do
    expected=$(python3 "$reference" "$input" "plain.$kind" plain.rej ref "$which:$field" "$m" \
      "$n" "$kind")
    rm -f counts.tsv dups.txt
    "$FENBATCH" -q "$@" --keep "$which:$field" --max-per-position "$m" --min-count "$n" \
      --counts counts.tsv --duplicates dups.txt --stats-json s.json "$input" "out.$kind"
    cmp -s ref/out.fen "out.$kind" || { echo "FAIL: $input $which $m $n: output"; diff ref/out.fen "out.$kind" | head; exit 1; }
    for f in counts.tsv dups.txt; do
      cmp -s "ref/$f" "$f" || { echo "FAIL: $input $which $m $n: $f"; diff "ref/$f" "$f" | head; exit 1; }
    done
    got=$(outcome_counts s.json)
    [ "$got" = "$expected" ] || { echo "FAIL: $input $which $m $n: $got, expected $expected"; exit 1; }
    echo "$input --keep $which:$field --max-per-position $m --min-count $n: as the reference"
  done <<<"$policies"
}
check csv scores.csv 2 "$(printf 'max 1 1\nmax 3 1\nmax 1 2\nmin 1 1\nmin 3 2\n')"
check fen scores.fen 1 "$(printf 'max 1 1\nmin 3 2\n')" --payload
