#!/usr/bin/env bash
# --stats prints a human summary on stderr after the diagnostics: the counters, the
# reconciliation verdict "ok", side to move, castling kinds, legal ep and checks, and those of
# the lines written (they differ: dedupe dropped three white/black standard-castling lines
# with 32 pieces: startpos w, 1.e4 b, the f6 en-passant position w). The first
# line carries timings and is only checked for its start; most frequent material signatures and
# most repeated positions (with --dedupe) close the summary.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" --dedupe --samples 0 --stats -o /dev/null mixed.fen 2>err.txt
sed -n '2p' err.txt | grep -q '^fenbatch: 35 lines, ' || { echo "FAIL: first stats line"; cat err.txt; exit 1; }
# Collapse runs of spaces so the check does not depend on column widths; ties among the
# material signatures and repeated positions come in no documented order, so those are sorted.
# The memory line depends on the machine's memory (memory_stats.sh checks it).
sed -e '1,2d' -e 's/  */ /g' -e '/^ memory: /d' err.txt >summary.txt
grep -v -e '^ material #[2-9]' -e '^ repeated #' summary.txt
grep -e '^ material #[2-9]' -e '^ repeated #' summary.txt | sed 's/#[0-9]*/#/' | LC_ALL=C sort
