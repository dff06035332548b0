#!/usr/bin/env bash
# The HTML report of a real run, rendered in headless Chromium (browser_check.py).
# Usage: report_browser.sh FENBATCH FENBATCH_GEN DATA SHARED ARTIFACTS [--self-test]
#
# The run: the shared corpora (../shared/corpus/*.epd.zst, read compressed), or where ../shared
# is absent a corpus made by fenbatch-gen (8x8 and 10x8 games, one file a prefix of another:
# duplicates), plus tests/data's mixed input (invalid lines of many reasons), positions.fen and
# its 10x8 lines, as several inputs with --dedupe and an --exclude reference, so that every
# chart has data. Its report, statistics and the browser's screenshots and PDF are kept in
# ARTIFACTS (report.html, stats.json, report-desktop.png, report-phone.png, report.pdf).
#
# --self-test: a report of tests/data alone, broken in a dozen ways (browser_check.py
# --self-test): each fault must be caught by its check.
set -uo pipefail
export LC_ALL=C
fenbatch=$1 fenbatch_gen=$2 data=$3 shared=$4 artifacts=$5 mode=${6:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# Debian's python3, which has python3-websocket (a pyenv python3 first in PATH has not).
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3)
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
die() { echo "FAIL: $*"; exit 1; }

bash "$data/mixed_input.sh" >"$work/mixed.fen" || die "mixed_input.sh"
printf '%s\n' \
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -' \
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -' >"$work/exclude.epd"
local_inputs=("$work/mixed.fen" "$data/positions.fen" "$data/ten_by_eight_mixed.fen")

if [ "$mode" = --self-test ]; then
  "$fenbatch" -q --dedupe --exclude "$work/exclude.epd" --report "$work/page.html" \
    -o "$work/out.fen" "${local_inputs[@]}" || die "fenbatch --report: exit $?"
  exec "$python" "$here/browser_check.py" --self-test "$work/page.html"
fi

mkdir -p "$artifacts" || die "cannot make $artifacts"
rm -f "$artifacts"/report.html "$artifacts"/stats.json "$artifacts"/report-desktop.png \
  "$artifacts"/report-phone.png "$artifacts"/report.pdf
if [ -d "$shared/corpus" ]; then
  corpus=("$shared"/corpus/*.epd.zst)
  echo "the run: ${#corpus[@]} shared corpora and tests/data"
else
  "$fenbatch_gen" -n 60000 --seed 1 -o "$work/games.epd" &&
    "$fenbatch_gen" -n 20000 --seed 1 -o "$work/games-again.epd" &&
    "$fenbatch_gen" -n 20000 --seed 2 --variant mixed -o "$work/mixed-boards.epd" ||
    die "fenbatch-gen: exit $?"
  corpus=("$work/games.epd" "$work/games-again.epd" "$work/mixed-boards.epd")
  echo "the run: no ../shared/corpus here; a corpus from fenbatch-gen and tests/data"
fi
started=$SECONDS
"$fenbatch" -q --dedupe --exclude "$work/exclude.epd" --report "$artifacts/report.html" \
  --stats-json "$artifacts/stats.json" -o "$work/out.fen" "${corpus[@]}" "${local_inputs[@]}" ||
  die "fenbatch --report: exit $?"
echo "fenbatch: $((SECONDS - started)) s"
# Every chart has something to show.
"$python" - "$artifacts/stats.json" <<'PY' || die "the run does not give every chart data"
import json, sys
s = json.load(open(sys.argv[1]))
print(f"lines {s['lines']}, written {s['written']}, duplicates {s['duplicates']}, "
      f"excluded {s['excluded']}, invalid {s['invalid']}, inputs {len(s['per_input'])}")
wanted = {"duplicates": s["duplicates"], "excluded": s["excluded"], "invalid": s["invalid"],
          "reasons": sum(1 for n in s["invalid_by_reason"].values() if n) - 1,
          "inputs": len(s["per_input"]) - 2, "10x8 lines": s["boards"]["10x8"]["valid"],
          "most repeated": len(s["most_repeated"])}
empty = [what for what, n in wanted.items() if n <= 0]
sys.exit(f"nothing (or too little) of: {empty}" if empty else 0)
PY
"$python" "$here/report_structure.py" "$artifacts/report.html" || die "report_structure.py"
"$python" "$here/browser_check.py" "$artifacts/report.html" --artifacts "$artifacts" ||
  die "browser_check.py"
echo "artifact: $artifacts/report.html"
