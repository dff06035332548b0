#!/usr/bin/env bash
# The main job on a sample the project makes itself: installs what is missing, builds the
# release binaries, generates a corpus with fenbatch-gen and deduplicates it with statistics
# (on stderr, as JSON and as an HTML report).
# Usage: scripts/demo.sh [LINES]   (default 1000000, about 64 MB)
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-1000000}"

scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target fenbatch fenbatch-gen

demo=build/demo
mkdir -p "$demo"
echo "== generating $lines positions (seed 1) into $demo/sample.fen"
build/release/apps/fenbatch-gen --lines "$lines" --seed 1 -o "$demo/sample.fen"
echo "== fenbatch --dedupe --stats --report $demo/report.html $demo/sample.fen $demo/unique.fen"
build/release/apps/fenbatch --dedupe --stats --stats-json "$demo/stats.json" \
  --report "$demo/report.html" "$demo/sample.fen" "$demo/unique.fen"
echo "== first lines of $demo/unique.fen"
head -n 3 "$demo/unique.fen"
echo "== statistics as JSON: $demo/stats.json"
echo "== the HTML report (open it in a browser): $demo/report.html"
