#!/usr/bin/env bash
# --help groups the options (main job; input and formats; output; validation; statistics and
# messages; performance knobs; memory and temporary files; other), shows examples and the exit
# statuses; an unknown option suggests the nearest one ("did you mean --dedupe?"), and
# abbreviations are not taken ("--dedup" is not --dedupe); errors about an option with a short
# form name it as typed (-j or --threads, -o or --output). Every such error exits 2 with "Try
# 'fenbatch --help'." and writes nothing.
set -uo pipefail
mkdir work && cd work || exit 1  # ls below lists only what fenbatch left
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
"$FENBATCH" --help >help.txt
grep -E '^[A-Z][a-z ]+:$' help.txt
grep -E '^  fenbatch ' help.txt
sed -n '/^Exit status/,$p' help.txt
while IFS= read -r args; do
  echo "\$ fenbatch $args"
  # shellcheck disable=SC2086  # word splitting of the argument list is intended
  "$FENBATCH" $args 2>&1
  echo "exit=$?"
done <<'LIST'
--dedup ok.fen out.fen
--dedpue ok.fen out.fen
--stat ok.fen out.fen
--json ok.fen out.fen
--reject r.txt ok.fen out.fen
--thread 2 ok.fen out.fen
--frobnicate ok.fen out.fen
--s ok.fen out.fen
-j x ok.fen out.fen
-jx ok.fen out.fen
--threads x ok.fen out.fen
--threads=x ok.fen out.fen
-j 99999 ok.fen out.fen
ok.fen -j
ok.fen --threads
ok.fen out.fen -o
ok.fen --output
LIST
ls
