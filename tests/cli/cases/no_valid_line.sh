#!/usr/bin/env bash
# The wrong file (issue 14): a run in which no line is valid, out of one or more lines that are
# not blank or comments, exits 1 with "fenbatch: warning: FILE: no valid FEN/EPD line in N
# lines (most common: REASON); is this a FEN/EPD file?" (a PGN file, a password-file-like
# file, binary bytes); among other inputs with valid lines such an input gets the same warning
# and the exit status stays 0. Empty inputs and inputs of only blank and comment lines get no
# warning. -q silences the warning, not the status. --max-invalid does not change it: a run
# with no valid line exits 1 even when the invalid lines are within the limit.
set -uo pipefail
k='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
cat >game.pgn <<'PGN'
[Event "Casual game"]
[Site "?"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0
PGN
# The shape of /etc/shadow (made up here; the real one is never read).
printf '%s\n' 'root:$6$salt$hash:19000:0:99999:7:::' 'daemon:*:19000:0:99999:7:::' \
  'nobody:*:19000:0:99999:7:::' >shadow.txt
printf 'x\001\002\003\377\376 binary\n\200\201\n' >blob.bin
printf '%s\n' "$k" >good.fen
printf '# a comment\n\n   \n# another\n' >comments.fen
: >empty.fen
run() {
  echo "\$ fenbatch $*"
  "$FENBATCH" "$@" 2>&1
  echo "exit=$?"
}
run game.pgn out.fen
run --samples 0 shadow.txt out.fen
run --samples 0 blob.bin out.fen
run --samples 0 -o out.fen good.fen game.pgn
run --samples 0 -o out.fen game.pgn shadow.txt
run comments.fen out.fen
run empty.fen out.fen
run -o out.fen empty.fen comments.fen
run -q game.pgn out.fen
run --samples 0 --max-invalid 100 game.pgn out.fen
run --samples 0 --max-invalid 2 game.pgn out.fen
echo "\$ fenbatch --samples 0 <game.pgn"
"$FENBATCH" --samples 0 <game.pgn 2>&1
echo "exit=$?"
