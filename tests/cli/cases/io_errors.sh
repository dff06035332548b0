#!/usr/bin/env bash
# I/O errors exit 2 with "fenbatch: <operation>: <path>: <reason>" and leave no output or
# temporary file behind: a missing input (also after a good one), an input that is a
# directory, an output in a missing directory, a rejects file in a missing directory, /dev/full
# as output, a character device as input without --allow-special. With --allow-special a device
# is read (/dev/null: empty input); /dev/null as output is fine.
set -uo pipefail
mkdir work && cd work || exit 1  # ls -A below lists only what fenbatch left
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
mkdir dir
while IFS= read -r args; do
  echo "\$ fenbatch $args"
  # shellcheck disable=SC2086  # word splitting of the argument list is intended
  "$FENBATCH" $args 2>&1
  echo "exit=$?"
done <<'LIST'
missing.fen out.fen
-o out.fen ok.fen missing.fen
dir out.fen
-o out.fen ok.fen dir
ok.fen dir
ok.fen nodir/out.fen
--rejects nodir/rejects.txt ok.fen out.fen
--stats-json nodir/stats.json ok.fen out.fen
ok.fen /dev/full
/dev/zero out.fen
--allow-special /dev/null out2.fen
ok.fen /dev/null
LIST
ls -A
wc -c <out2.fen
