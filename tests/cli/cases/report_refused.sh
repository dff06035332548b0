#!/usr/bin/env bash
# --report's destination is checked as every side file's, before anything is opened: naming an
# input, an --exclude reference, the output or another side file's path, or standard output
# when the output is there, exits 2 with a message naming --report. So does replacing an
# existing file that is not a report fenbatch wrote (a FEN file: the mark of a forgotten
# argument, also compressed; notes; fenbatch's statistics), while an earlier report is replaced
# (the doctype in any case, after a byte order mark and blank lines, and fenbatch's generator
# in its head). `--report` without its value is a usage error. A refused
# run writes nothing: stdout empty, every file as it was, nothing new in the directory.
set -uo pipefail
export LC_ALL=C
mkdir work && cd work || exit 1  # ls -A below lists only what fenbatch left
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >in.fen
printf '4k3/8/8/8/8/8/8/4K3 b - - 0 1\n' >other.fen
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n' >ref.epd
gzip -c in.fen >corpus.fen.gz
printf 'my notes\n' >notes.txt
printf '{"schema_version": 1}\n' >stats.json
printf '\357\273\277\n  <!doctype HTML>\n<html><head><meta name="generator" content="fenbatch 0.0.0"/></head><body>old</body></html>\n' >old.html
printf '<HTML><head><meta name="generator" content="fenbatch 0.0.0">\n</head></HTML>\n' >bare.html
sums() { sha256sum -- *; }
before=$(sums)
while IFS= read -r args; do
  echo "\$ fenbatch $args"
  # Word splitting of the argument list is intended; stderr goes where stdout went (the golden
  # file) and stdout to a file of its own.
  # shellcheck disable=SC2086,SC2069
  "$FENBATCH" $args 2>&1 >../stdout.txt
  echo "exit=$?"
  [ ! -s ../stdout.txt ] || echo "FAIL: wrote to stdout: $(head -c 200 ../stdout.txt)"
  [ "$(sums)" = "$before" ] || echo "FAIL: files changed"
done <<'LIST'
--report in.fen in.fen out.fen
--report ./other.fen -o out.fen in.fen other.fen
--report ref.epd --exclude ref.epd in.fen out.fen
--report out.fen in.fen out.fen
--report s.json --stats-json s.json in.fen out.fen
--report r.html --rejects r.html in.fen out.fen
--report - in.fen
-d --report in.fen out.fen
-d --report corpus.fen.gz out.fen
--report notes.txt in.fen out.fen
--report stats.json in.fen out.fen
in.fen out.fen --report
LIST
ls -A
"$FENBATCH" -q --report old.html in.fen out.fen || echo "FAIL: replacing old.html: exit $?"
"$FENBATCH" -q --report bare.html in.fen out2.fen || echo "FAIL: replacing bare.html: exit $?"
head -c 15 old.html bare.html | grep -c '^<!DOCTYPE html>'
