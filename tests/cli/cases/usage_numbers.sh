#!/usr/bin/env bash
# Numbers on both command lines are decimal digits only, with an optional K/M/G suffix for
# sizes: a sign, a space, a fraction, an unknown suffix or a value that overflows 64 bits (also
# through the suffix) is a usage error, exit 2, and no output file. fenbatch says
# "invalid value for OPTION: 'TEXT'" then "Try 'fenbatch --help'."; fenbatch-gen keeps its
# one-line "invalid --OPTION value 'TEXT' (see --help)".
set -uo pipefail
mkdir work && cd work || exit 1  # ls -A below lists only what the programs left
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
fenbatch() {
  printf '$ fenbatch'
  printf " '%s'" "$@"
  printf '\n'
  "$FENBATCH" "$@" ok.fen out.fen 2>&1
  echo "exit=$?"
}
fenbatch_gen() {
  printf '$ fenbatch-gen'
  printf " '%s'" "$@"
  printf '\n'
  "$FENBATCH_GEN" "$@" -o gen.fen 2>&1
  echo "exit=$?"
}
fenbatch --max-bytes -1
fenbatch --max-bytes +5
fenbatch --max-bytes 1.5M
fenbatch --max-bytes 18446744073709551616
fenbatch --chunk-size ' 1M'
fenbatch --chunk-size '1M '
fenbatch --chunk-size 1KB
fenbatch --chunk-size 99999999999999G
fenbatch --chunk-size 17179869184G
fenbatch --threads 4097
fenbatch --samples ' 3'
fenbatch --max-invalid +1
fenbatch_gen --bytes 99999999999999G
fenbatch_gen --bytes ' 1K'
fenbatch_gen --lines +5
fenbatch_gen --seed 18446744073709551616
ls -A
# Digits with a suffix in either case still work.
"$FENBATCH" --chunk-size 4k --max-bytes 1M --threads 2 ok.fen out.fen && cat out.fen
