#!/usr/bin/env bash
# --memory-limit SIZE and --temp-dir DIR: a size is digits with an optional K, M, G or T
# (either case, binary) and an optional B or iB; at least 16M. Each refusal is a usage error
# (exit 2, "Try 'fenbatch --help'.", no output file) that says why: empty, negative, not a
# number, unknown suffix, too large, 0 or below 16M; an empty --temp-dir too. Accepted sizes
# and directories run and write the same output as a run without them.
set -uo pipefail
mkdir work && cd work || exit 1  # ls -A below lists only what fenbatch left
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
fenbatch() {
  printf '$ fenbatch'
  printf " '%s'" "$@"
  printf '\n'
  "$FENBATCH" "$@" ok.fen out.fen 2>&1
  echo "exit=$?"
}
fenbatch --memory-limit ''
fenbatch --memory-limit -1G
fenbatch --memory-limit lots
fenbatch --memory-limit 1.5G
fenbatch --memory-limit ' 64M'
fenbatch --memory-limit 64X
fenbatch --memory-limit 64MBs
fenbatch --memory-limit 2P
fenbatch --memory-limit 18446744073709551616
fenbatch --memory-limit 16777216T
fenbatch --memory-limit 0
fenbatch --memory-limit 15M
fenbatch --memory-limit 16777215
fenbatch --temp-dir ''
fenbatch --memory-limit
ls -A
# Accepted: the smallest budget, each suffix form, a directory.
mkdir spill
for args in "--memory-limit 16M" "--memory-limit 16777216" "--memory-limit 64mib" \
            "--memory-limit 1GB" "--memory-limit 2t" "--temp-dir spill" \
            "--memory-limit=32M --temp-dir=spill"; do
  # shellcheck disable=SC2086  # word splitting of the argument list is intended
  "$FENBATCH" -q --dedupe $args ok.fen out.fen || echo "FAIL: $args: exit $?"
  [ "$(cat out.fen)" = '4k3/8/8/8/8/8/8/4K3 w - - 0 1' ] || echo "FAIL: $args: $(cat out.fen)"
  rm -f out.fen
done
ls -A spill
