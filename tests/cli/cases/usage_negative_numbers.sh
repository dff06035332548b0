#!/usr/bin/env bash
# Negative numbers for the unsigned options (--threads, --samples, --max-invalid) are bad
# option values: exit 2 with "fenbatch: ..." and "Try 'fenbatch --help'.", no output file.
# (Boost.Program_options converts "-1" to an unsigned type by wrapping it to 2^32-1 or 2^64-1
# unless the program checks for it.)
set -uo pipefail
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
failed=0
for args in "--threads -1" "-j -4" "--samples -2" "--max-invalid -1"; do
  # shellcheck disable=SC2086  # word splitting of the option is intended
  "$FENBATCH" $args ok.fen out.fen 2>err.txt
  status=$?
  if [ "$status" != 2 ] || [ "$(tail -n 1 err.txt)" != "Try 'fenbatch --help'." ] ||
     ! grep -q '^fenbatch: ' err.txt || [ -e out.fen ]; then
    echo "FAIL: fenbatch $args ok.fen out.fen: exit $status, stderr: $(cat err.txt)," \
         "out.fen $([ -e out.fen ] && echo written || echo absent)"
    failed=1
  fi
  rm -f out.fen
done
exit "$failed"
