#!/usr/bin/env bash
# FENBATCH_FORCE_IMPL naming no decoder of this build is refused with one line on stderr and
# exit 2, before anything is read or written: by --version (bench/report.sh and scripts/build-pgo.sh rely on that to skip an
# implementation) and by a run, even one whose input does not exist (the decoder is checked
# first). --help still prints; an empty FENBATCH_FORCE_IMPL is the same as none.
set -uo pipefail
mkdir work && cd work || exit 1  # ls -A below lists only what fenbatch left
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
while IFS= read -r args; do
  echo "\$ FENBATCH_FORCE_IMPL=avx9 fenbatch $args"
  # shellcheck disable=SC2086  # word splitting of the argument list is intended
  FENBATCH_FORCE_IMPL=avx9 "$FENBATCH" $args </dev/null >../stdout.txt 2>../stderr.txt
  echo "exit=$?, $(wc -c <../stdout.txt) bytes on stdout, on stderr:"
  # The decoders a build contains depend on its target: scalar always, then its vector ones.
  sed -E 's/\(built here: scalar(, [a-z0-9_]+)*\)$/(built here: scalar, ...)/' ../stderr.txt
done <<'LIST'
--version
ok.fen out.fen
--dedupe --stats missing.fen out.fen
- out.fen
LIST
ls -A
echo "\$ FENBATCH_FORCE_IMPL=avx9 fenbatch --help | head -n 1"
FENBATCH_FORCE_IMPL=avx9 "$FENBATCH" --help | head -n 1
echo "\$ FENBATCH_FORCE_IMPL= fenbatch -q ok.fen written.fen"
FENBATCH_FORCE_IMPL='' "$FENBATCH" -q ok.fen written.fen 2>&1
echo "exit=$?"
cat written.fen
