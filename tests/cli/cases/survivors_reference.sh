#!/usr/bin/env bash
# Which occurrence survives (issue 28) against an independent reference
# (tests/selection/survivors_reference.py, the issue's rules in plain Python, standard library
# only): the output, --counts, --duplicates and the statistics' written, duplicates, rare and
# unique, for each policy below, on a generated corpus with many repeats (positions seen up to
# 7 times, far apart, and invalid lines) and on a sample of ../shared/corpus with repeats
# added (skipped, with a message, without ../shared).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../survivor_runs.sh"
reference="$(dirname "${BASH_SOURCE[0]}")/../../selection/survivors_reference.py"
policies=()
for keep in first last; do
  for m in 1 3; do
    for n in 1 2 5; do policies+=("$keep $m $n"); done
  done
done

# check INPUT: each policy's run against the reference's.
check() {
  local input=$1 keep m n
  "$FENBATCH" -q --rejects plain.rej "$input" plain.fen
  for policy in "${policies[@]}"; do
    read -r keep m n <<<"$policy"
    expected=$(python3 "$reference" "$input" plain.fen plain.rej ref "$keep" "$m" "$n")
    # (Removed first: fenbatch does not recognise a counts table that starts with a 10x8
    # position as its own, and refuses to replace it: side_file_kinds.cpp, is_position_fields.)
    rm -f counts.tsv dups.txt
    "$FENBATCH" -q --keep "$keep" --max-per-position "$m" --min-count "$n" --counts counts.tsv --duplicates dups.txt \
      --stats-json s.json "$input" out.fen
    for f in out.fen counts.tsv dups.txt; do
      cmp -s "ref/$f" "$f" || { echo "FAIL: $input $policy: $f"; diff "ref/$f" "$f" | head; exit 1; }
    done
    got=$(outcome_counts s.json)
    [ "$got" = "$expected" ] || { echo "FAIL: $input $policy: $got, expected $expected"; exit 1; }
    echo "$input --keep $keep --max-per-position $m --min-count $n: as the reference"
  done
}

"$FENBATCH_GEN" -n 6000 --seed 61 --variant mixed -o gen.fen
{
  cat gen.fen
  echo 'not a position'
  for k in 1 2 3 4 5 6; do head -n $((3000 / k)) gen.fen; echo "junk $k"; done
} >generated.fen
check generated.fen

if [ -z "$SHARED" ]; then
  echo "shared corpus: skipped (no ../shared/corpus)"
  exit 0
fi
first=$(ls "$SHARED"/corpus/*.epd.zst | head -n 1)
{ zstd -dc "$first" || true; } | head -n 8000 >sample.epd
{ cat sample.epd; head -n 3000 sample.epd; head -n 1000 sample.epd; head -n 200 sample.epd; } >shared.epd
check shared.epd
