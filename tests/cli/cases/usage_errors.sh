#!/usr/bin/env bash
# Usage errors exit 2 with "fenbatch: <what>" and "Try 'fenbatch --help'." on stderr, nothing
# on stdout, and no output file: unknown options, bad choice values, bad numbers and sizes,
# missing option arguments, an argument given to a flag.
set -uo pipefail
mkdir work && cd work || exit 1  # ls -A below lists only what fenbatch left
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
while IFS= read -r args; do
  echo "\$ fenbatch $args"
  # shellcheck disable=SC2086  # word splitting of the argument list is intended
  "$FENBATCH" $args 2>&1
  echo "exit=$?"
done <<'LIST'
--frobnicate ok.fen out.fen
-x ok.fen out.fen
--format xml ok.fen out.fen
--key zobrist ok.fen out.fen
--castling lax ok.fen out.fen
--ep never ok.fen out.fen
-j abc ok.fen out.fen
--max-invalid many ok.fen out.fen
--samples few ok.fen out.fen
--chunk-size 0 ok.fen out.fen
--chunk-size 12X ok.fen out.fen
--chunk-size abc ok.fen out.fen
--dedupe=yes ok.fen out.fen
ok.fen -o
ok.fen out.fen --rejects
LIST
ls -A
