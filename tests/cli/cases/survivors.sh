#!/usr/bin/env bash
# Which occurrence survives (issue 28), on ten hand-written lines; every expected value in
# survivors.stdout is worked out by hand from the issue's rules (--key position: the counters
# do not count):
#   A start position: lines 1, 4, 6, 9 (4 times)   B after 1.e4: lines 2, 7 (twice)
#   C KRvK, w: line 3   D KvK, w: line 8   E KvK, b: line 10   line 5: invalid
# Printed per run: the output's lines by number in in.fen, the counts file, the duplicates
# file, and the statistics' written, duplicates, rare, unique, the 8x8 board's, the
# reconciliation and the most repeated positions (what was read, whatever is written).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../survivor_runs.sh"
cat >in.fen <<'IN'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
4k3/8/8/8/8/8/8/4K2R w K - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 3
junk
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 5
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2
4k3/8/8/8/8/8/8/4K3 w - - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 6 7
4k3/8/8/8/8/8/8/4K3 b - - 3 40
IN
survivors -d
survivors --max-per-position 2
survivors --max-per-position 3
survivors --max-per-position 4
survivors --keep last
survivors --keep last --max-per-position 3
survivors --min-count 2
survivors --keep last --min-count 2 --max-per-position 3
survivors --min-count 5
# Bad values: exit 2, one line saying what is allowed, nothing written.
for bad in "--keep middle" "--max-per-position 0" "--min-count 0" "--min-count 4294967296"; do
  # shellcheck disable=SC2086
  "$FENBATCH" $bad in.fen bad.fen 2>err.txt || echo "exit $?: $(head -n 1 err.txt)"
  [ ! -e bad.fen ] || echo "FAIL: $bad wrote bad.fen"
done
