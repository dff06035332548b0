#!/usr/bin/env bash
# --report with the standard streams: standard input read and the output on standard output
# (`-o -`, and the operands `- -`) leave the records on stdout, unchanged, and the page in its
# file; `--report -` with the output in a file writes the page on stdout; a pipe as input (no
# size known) is fine. With and without -q.
set -uo pipefail
export LC_ALL=C
failed=0
fail() { echo "FAIL: $*"; failed=1; }
if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=$(command -v python3); fi
structure="$DATA/../report/browser/report_structure.py"
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" -q --dedupe mixed.fen expected.fen || fail "reference run: exit $?"

"$FENBATCH" -q --dedupe --report stdin.html -o - <mixed.fen >stdout.fen ||
  fail "stdin, -o -: exit $?"
cmp -s expected.fen stdout.fen || fail "stdin, -o -: the records on stdout differ"
"$PY" "$structure" stdin.html || fail "stdin.html: structure"

# shellcheck disable=SC2002  # a pipe, not the file, on purpose
cat mixed.fen | "$FENBATCH" --dedupe --report pipe.html - - >pipe.fen 2>pipe.err ||
  fail "a pipe, operands - -: exit $?"
cmp -s expected.fen pipe.fen || fail "a pipe, operands - -: the records on stdout differ"
"$PY" "$structure" pipe.html || fail "pipe.html: structure"

"$FENBATCH" -q --dedupe --report - -o file.fen mixed.fen >page.html ||
  fail "--report - -o file.fen: exit $?"
cmp -s expected.fen file.fen || fail "--report -: the output differs"
"$PY" "$structure" page.html --expect-input mixed.fen || fail "--report -: structure of stdout"

left=$(find . -name '.*.fenbatch-*.tmp*')
[ -z "$left" ] || fail "temporary files left: $left"
exit "$failed"
