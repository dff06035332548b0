#!/usr/bin/env bash
# --keep max:FIELD / min:FIELD (issue 29) on ten hand-written lines whose payload's first
# column is the field; every expected value in keep_ranked.stdout is worked out by hand from the
# issue's rules (the largest or smallest value survives, ties to the first, a missing or
# non-numeric value below any number; --key position: the counters do not count):
#   A start position: lines 1 (5), 3 (9), 4 (mate), 7 (9), 9 (-1)
#   B after 1.e4: lines 2 (2.5), 6 (2.50), 10 (3)      C KvK: line 8 (no payload)
#   line 5: invalid
# Printed per run (survivor_runs.sh): the output's lines by number in in.fen, the counts file
# (each position at its best line), the duplicates file (each dropped line pointing at its
# position's best line), and the statistics (all 8x8; most repeated: A 5 times, B 3).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../survivor_runs.sh"
cat >in.fen <<'IN'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 5
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 2.5
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 9 | first nine
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 3 | mate
junk
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2 | 2.50
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 5 | 9 | second nine
4k3/8/8/8/8/8/8/4K3 w - - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 6 7 | -1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 4 | 3
IN
survivors --payload --keep max:1
survivors --payload --keep min:1
survivors --payload --keep max:1 --max-per-position 2
survivors --payload --keep min:1 --max-per-position 2 --min-count 3
# Bad values: exit 2, one line saying what is allowed, nothing written.
for bad in "--keep max:" "--keep max" "--keep maximum:1" "--keep min"; do
  # shellcheck disable=SC2086
  "$FENBATCH" $bad in.fen bad.fen 2>err.txt || echo "exit $?: $(head -n 1 err.txt)"
  [ ! -e bad.fen ] || echo "FAIL: $bad wrote bad.fen"
done
# A field no record can have (a CSV header without it): exit 2, nothing written.
printf 'fen,score\n4k3/8/8/8/8/8/8/4K3 w - - 0 1,3\n' >in.csv
"$FENBATCH" --keep max:depth in.csv bad.csv 2>err.txt || echo "exit $?: $(head -n 1 err.txt)"
[ ! -e bad.csv ] || echo "FAIL: --keep max:depth wrote bad.csv"
