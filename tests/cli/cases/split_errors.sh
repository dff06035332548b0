#!/usr/bin/env bash
# --split, --sample and their seeds refuse bad values as usage errors: exit 2, one line saying
# why, "Try 'fenbatch --help'.", nothing written. A split file that is an input, the output or
# another written file is refused before anything is read. The messages are written by hand.
# A sample under the splits' seed is allowed, with a note (it takes whole splits).
set -uo pipefail
mkdir work && cd work || exit 1
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
try() {
  echo "\$ fenbatch $*"
  "$FENBATCH" "$@" 2>&1
  echo "exit=$?"
}
for split in 'test' 'test=10%' '=10%:t.fen' 'a b=10%:t.fen' 'test=.5:t.fen' 'test=0:t.fen' \
  'test=101%:t.fen' 'test=1e-3:t.fen' 'test=0.0000000000000000001:t.fen' 'test=10%:' \
  'test=10%:-q'; do
  try --split "$split" ok.fen out.fen
done
try --split a=60%:a.fen --split b=0.45:b.fen ok.fen out.fen
try --split a=10%:a.fen --split a=10%:b.fen ok.fen out.fen
try --split a=10%:a.fen --split-seed -1 ok.fen out.fen
try --sample 0 ok.fen out.fen
try --sample 1.5 ok.fen out.fen
try --sample 10%% ok.fen out.fen
try --sample 1% --sample-seed x ok.fen out.fen
try --split a=10%:ok.fen ok.fen out.fen
try --split a=10%:out.fen ok.fen out.fen
try --split a=10%:a.fen --split b=10%:a.fen ok.fen out.fen
try --split a=10%:- ok.fen
ls -A
# Allowed, with a note: a sample under the splits' seed takes whole splits.
try --split a=50%:a.fen --sample 50% --sample-seed 0 ok.fen out.fen
