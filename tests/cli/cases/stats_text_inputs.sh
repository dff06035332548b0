#!/usr/bin/env bash
# --stats with several inputs: one line per input (lines, valid, invalid, skipped, duplicates,
# written) after the totals; no "excluded" and no reference line without --exclude; with one
# input, no input line. second.fen repeats the start position of mixed.fen (a duplicate), has
# a new 4-field position, a trailing_garbage line, a blank and a comment.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' '' \
  '4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk' '4k3/8/8/8/8/8/8/4K3 w - -' '# note' >second.fen
"$FENBATCH" --dedupe --samples 0 --stats -o /dev/null mixed.fen second.fen 2>two.txt
"$FENBATCH" --dedupe --samples 0 --stats -o /dev/null mixed.fen 2>one.txt
sed -n 's/  */ /g; /^ input /p' two.txt
echo "one input: $(grep -c '^  input ' one.txt || true) input lines"
echo "excluded or reference lines: $(grep -v reconciliation two.txt |
  grep -c -e excluded -e '^  reference' || true)"
grep -c '= written + duplicates + excluded + invalid + skipped: ok' two.txt
