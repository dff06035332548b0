#!/usr/bin/env bash
# The HTML report of a real run, rendered in headless Chromium (browser_check.py).
# Usage: report_browser.sh FENBATCH FENBATCH_GEN DATA SHARED ARTIFACTS [--self-test]
#
# The run: the shared corpora (../shared/corpus/*.epd.zst, read compressed), or where ../shared
# is absent a corpus made by fenbatch-gen (8x8 and 10x8 games, one file a prefix of another:
# duplicates), plus tests/data's mixed input (invalid lines of many reasons), positions.fen and
# its 10x8 lines, as several inputs with --dedupe, an --exclude reference and a --where, so
# that every chart has data. Its report, statistics and the browser's screenshots and PDF are kept in
# ARTIFACTS (report.html, stats.json, report-desktop.png, report-phone.png, report.pdf).
#
# --self-test: a report of tests/data alone, broken in a dozen ways (browser_check.py
# --self-test): each fault must be caught by its check.
set -uo pipefail
export LC_ALL=C
# (Absolute: the run goes on in a temporary folder.)
fenbatch=$(realpath -- "$1") fenbatch_gen=$(realpath -- "$2") data=$(realpath -- "$3")
shared=$(realpath -m -- "$4") artifacts=$(realpath -m -- "$5") mode=${6:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# Debian's python3, which has python3-websocket (a pyenv python3 first in PATH has not).
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3)
work=$(mktemp -d) || exit 1
trap 'cd / && rm -rf "$work"' EXIT
die() { echo "FAIL: $*"; exit 1; }

# Inputs under short relative names, as a person would give them (the page shows them).
cd "$work" || die "cd $work"
bash "$data/mixed_input.sh" >mixed.fen || die "mixed_input.sh"
cp "$data/positions.fen" "$data/ten_by_eight_mixed.fen" . || die "cp"
printf '%s\n' \
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -' \
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -' >exclude.epd
local_inputs=(mixed.fen positions.fen ten_by_eight_mixed.fen)

if [ "$mode" = --self-test ]; then
  "$fenbatch" -q --dedupe --exclude exclude.epd --report page.html -o out.fen \
    "${local_inputs[@]}" || die "fenbatch --report: exit $?"
  "$python" "$here/browser_check.py" --self-test page.html
  exit
fi

mkdir -p "$artifacts" || die "cannot make $artifacts"
rm -f "$artifacts"/report.html "$artifacts"/stats.json "$artifacts"/report-desktop.png \
  "$artifacts"/report-phone.png "$artifacts"/report.pdf
if [ -d "$shared/corpus" ]; then
  ln -s "$shared/corpus" corpus || die "ln -s"
  corpus=(corpus/*.epd.zst)
  echo "the run: ${#corpus[@]} shared corpora and tests/data"
else
  mkdir corpus || die "mkdir corpus"
  # (A prefix of the first file again: its lines are all duplicates.)
  for args in "-n 60000 --seed 1 -o corpus/games.epd" \
    "-n 20000 --seed 1 -o corpus/games-again.epd" \
    "-n 20000 --seed 2 --variant mixed -o corpus/mixed-boards.epd"; do
    # shellcheck disable=SC2086  # word splitting of the argument list is intended
    "$fenbatch_gen" $args || die "fenbatch-gen $args: exit $?"
  done
  corpus=(corpus/games.epd corpus/games-again.epd corpus/mixed-boards.epd)
  echo "the run: no ../shared/corpus here; a corpus from fenbatch-gen and tests/data"
fi
started=$SECONDS
# (--where: the filtered outcome, its big number, its column and the options' where row.)
"$fenbatch" -q --dedupe --exclude exclude.epd --where 'pieces >= 28' --report report.html \
  --stats-json stats.json -o out.fen "${corpus[@]}" "${local_inputs[@]}" ||
  die "fenbatch --report: exit $?"
echo "fenbatch: $((SECONDS - started)) s"
cp report.html stats.json "$artifacts/" || die "cp to $artifacts"
# Every chart has something to show.
"$python" - "$artifacts/stats.json" <<'PY' || die "the run does not give every chart data"
import json, sys
s = json.load(open(sys.argv[1]))
print(f"lines {s['lines']}, written {s['written']}, duplicates {s['duplicates']}, "
      f"excluded {s['excluded']}, filtered {s['filtered']}, invalid {s['invalid']}, "
      f"inputs {len(s['per_input'])}")
wanted = {"duplicates": s["duplicates"], "excluded": s["excluded"], "filtered": s["filtered"],
          "invalid": s["invalid"],
          "reasons": sum(1 for n in s["invalid_by_reason"].values() if n) - 1,
          "inputs": len(s["per_input"]) - 2, "10x8 lines": s["boards"]["10x8"]["valid"],
          "most repeated": len(s["most_repeated"])}
empty = [what for what, n in wanted.items() if n <= 0]
sys.exit(f"nothing (or too little) of: {empty}" if empty else 0)
PY
"$python" "$here/report_structure.py" "$artifacts/report.html" --expect-boards || die "report_structure.py"
"$python" "$here/browser_check.py" "$artifacts/report.html" --artifacts "$artifacts" ||
  die "browser_check.py"
echo "artifact: $artifacts/report.html"
