#!/usr/bin/env bash
# Exit statuses and messages, over 1 to 4 ranks, the same as fenbatch's (compare.sh compares
# the status, stdout, stderr less mpirun's notices, and the files): --max-invalid exceeded
# (exit 1, every rank's status, the output still written), no valid line (1), a bad option and
# a bad value (2: the message printed once, not once per rank; nothing written).
. "$RUNS_DIR/compare.sh"
K='4k3/8/8/8/8/8/8/4K3'
"$FENBATCH_GEN" -n 400 --seed 41 -o gen.fen || die "fenbatch-gen failed"
{ head -n 200 gen.fen; printf '%s\n' "$K y - - 0 1" "$K w - - 0"; tail -n 200 gen.fen
  printf '%s\n' 'nonsense' "$K w - - 0 1"; head -n 50 gen.fen; } >in.fen
printf '%s\n' 'bad one' "$K x - - 0 1" '8/8/8/8/8/8/8/8 w - - 0 1' 'bad four' >invalid.fen
echo "== --max-invalid 2 (3 invalid lines): exit 1"
REF_STATUS=1 compare_runs "$RANKS" --max-invalid 2 --dedupe --rejects rejects.txt -o out.fen \
  "$PWD/in.fen"
echo "== --max-invalid 3: exit 0"
compare_runs "2 4" --max-invalid 3 --dedupe -o out.fen "$PWD/in.fen"
echo "== no valid line: exit 1"
REF_STATUS=1 compare_runs "$RANKS" --rejects rejects.txt --stats-json stats.json -o out.fen \
  "$PWD/invalid.fen"
# (A failed job costs mpirun about a second: the bad values over 3 ranks only.)
for bad in "--no-such-option" "--memory-limit 1M" "--chunk-size 0" "--dedup"; do
  echo "== $bad: exit 2, one message"
  ranks=3
  [ "$bad" = --no-such-option ] && ranks=$RANKS
  # shellcheck disable=SC2086  # the option and its value
  REF_STATUS=2 compare_runs "$ranks" $bad -o out.fen "$PWD/in.fen"
  [ -s ref.stderr ] || fail "fenbatch $bad: no message"
done
# (Standard output as the output is refused by fenbatch-mpi: I02_standard_output_refused.)
finish
