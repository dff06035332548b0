#!/usr/bin/env bash
# --report FILE writes one HTML page (issue 18): it starts with <!DOCTYPE html>, parses, holds
# the element contract (the charts, the most-repeated boards, the options and the summary),
# loads nothing and names the inputs (tests/report/browser/report_structure.py); the output
# and the statistics are those of a run without it, except options.report naming the page. A
# run replaces its earlier report, also a compressed one (.gz: compressed by its name like every
# side file, and judged by its decompressed text). -q keeps it. With a failing run's exit 1
# (--max-invalid) the files are still written, the report too.
set -uo pipefail
export LC_ALL=C
failed=0
fail() { echo "FAIL: $*"; failed=1; }
if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=$(command -v python3); fi
structure="$DATA/../report/browser/report_structure.py"
bash "$DATA/mixed_input.sh" >mixed.fen
cp "$DATA/ten_by_eight_mixed.fen" wide.fen
inputs=(mixed.fen "$DATA/positions.fen" wide.fen)

"$FENBATCH" -q --dedupe --stats-json plain.json -o plain.fen "${inputs[@]}" ||
  fail "run without --report: exit $?"
"$FENBATCH" -q --dedupe --report report.html --stats-json stats.json -o out.fen "${inputs[@]}" \
  >stdout.txt 2>stderr.txt || fail "run with --report: exit $?"
if [ -s stdout.txt ] || [ -s stderr.txt ]; then
  fail "-q --report printed: $(cat stdout.txt stderr.txt)"
fi
[ "$(head -c 15 report.html)" = '<!DOCTYPE html>' ] ||
  fail "report.html starts with $(head -c 40 report.html | od -c | head -n 2)"
"$PY" "$structure" report.html --expect-input wide.fen || fail "report.html: structure"
cmp -s plain.fen out.fen || fail "the output differs with --report"
"$PY" - plain.json stats.json <<'PY' || fail "statistics with --report"
import json, sys
plain, with_report = (json.load(open(p)) for p in sys.argv[1:])
if with_report["options"].get("report") != "report.html":
    sys.exit(f"options.report: {with_report['options'].get('report')!r}")
if plain["options"].get("report", "absent") is not None:
    sys.exit(f"options.report without --report: {plain['options'].get('report', 'absent')!r}")
for s in (plain, with_report):
    for k in ("output", "wall_seconds", "mb_per_second", "positions_per_second", "memory"):
        s.pop(k)
    s["options"].pop("report")
if plain != with_report:
    sys.exit("the statistics differ beyond the output's name, timings and options.report")
PY

# An earlier report is replaced.
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >second.fen
"$FENBATCH" -q --report report.html second.fen second.out || fail "replacing report.html: exit $?"
"$PY" "$structure" report.html --expect-input second.fen || fail "replaced report.html: structure"

# Compressed by its name; replaced in turn.
"$FENBATCH" -q --dedupe --report report.html.gz -o gz.fen "${inputs[@]}" ||
  fail "--report report.html.gz: exit $?"
gzip -t report.html.gz 2>/dev/null || fail "report.html.gz is not gzip"
gzip -dc report.html.gz >unpacked.html 2>/dev/null
"$PY" "$structure" unpacked.html --expect-input wide.fen || fail "report.html.gz: structure"
"$FENBATCH" -q --report report.html.gz second.fen second.out ||
  fail "replacing report.html.gz: exit $?"
gzip -dc report.html.gz 2>/dev/null | grep 'second\.fen' >/dev/null || fail "report.html.gz not replaced"

# exit 1 (more invalid lines than --max-invalid allows) still writes every file.
"$FENBATCH" -q --max-invalid 0 --report strict.html mixed.fen strict.fen 2>/dev/null
status=$?
[ "$status" = 1 ] || fail "--max-invalid 0: exit $status, expected 1"
"$PY" "$structure" strict.html --expect-input mixed.fen || fail "strict.html: structure"

left=$(find . -name '.*.fenbatch-*.tmp*')
[ -z "$left" ] || fail "temporary files left: $left"
exit "$failed"
