#!/usr/bin/env bash
# --help (and -h) print the usage and the options on stdout and exit 0, even with other
# options present; --version prints "fenbatch X.Y.Z" and the decoder in use ("decoder: NAME",
# the one FENBATCH_FORCE_IMPL names when set) and exits 0. Nothing on stderr.
set -euo pipefail
check() { grep -q -- "$1" "$2" || { echo "FAIL: '$1' not in $2"; cat "$2"; exit 1; }; }
"$FENBATCH" --help >help.txt
[ "$(head -n 1 help.txt)" = "Usage: fenbatch [OPTIONS] [INPUT [OUTPUT]]" ] ||
  { echo "FAIL: first line of --help: $(head -n 1 help.txt)"; exit 1; }
for option in --dedupe --output --key --format --castling --ep --repair --rejects --stats \
              --stats-json --report --max-invalid --threads --samples --no-progress --quiet --no-mmap \
              --allow-special --chunk-size --memory-limit --temp-dir --version; do
  check "$option" help.txt
done
check 'Exit status: 0 success' help.txt
"$FENBATCH" -h >h.txt
cmp help.txt h.txt || { echo "FAIL: -h differs from --help"; exit 1; }
"$FENBATCH" --dedupe --help missing.fen >h2.txt
cmp help.txt h2.txt || { echo "FAIL: --help with other operands differs"; exit 1; }
"$FENBATCH" --version >version.txt
[ "$(wc -l <version.txt)" = 2 ] && head -n 1 version.txt | grep -Eqx 'fenbatch [0-9]+\.[0-9]+\.[0-9]+' &&
  tail -n 1 version.txt | grep -Eqx 'decoder: (scalar|avx2|avx512)' ||
  { echo "FAIL: --version printed: $(cat version.txt)"; exit 1; }
FENBATCH_FORCE_IMPL=scalar "$FENBATCH" --version >forced.txt
[ "$(tail -n 1 forced.txt)" = "decoder: scalar" ] ||
  { echo "FAIL: --version with FENBATCH_FORCE_IMPL=scalar printed: $(cat forced.txt)"; exit 1; }
