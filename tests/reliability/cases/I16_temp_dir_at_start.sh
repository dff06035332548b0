#!/usr/bin/env bash
# I16 (unclear errors: a missing $TMPDIR failed only when a spill started, as
# "statvfs: DIR: No such file or directory", after pass 1 had read the input): the temporary
# directory is checked before any work whenever the run may make a temporary file there:
# dedupe (past its memory budget it goes on in partitions on disk; whether it will depends on
# the input, so any dedupe run is checked, not only a large one), --counts, --duplicates, and
# always when --temp-dir names one. A missing directory, or a file, is refused with exit 2 and
#   fenbatch: cannot use temporary directory DIR (from $TMPDIR): REASON; set TMPDIR to a
#   directory that exists and can be written, or give --temp-dir DIR
# ("given by --temp-dir" and its own fix for the option), then "Try 'fenbatch --help'.": the
# input is never opened (strace), nothing is written, no temporary left, the input unchanged.
# A run that cannot make temporary files (no dedupe, no --counts or --duplicates, no
# --temp-dir) does not depend on $TMPDIR: it succeeds with a missing one. --temp-dir wins
# over a missing $TMPDIR. Messages written by hand.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
partitioned_input big.fen 400000 16
printf '%s\n' "$K" "$S" "$K" >small.fen
printf 'a file\n' >afile
mkdir spill out
iic_save big.fen
iic_save small.fen
from_tmpdir() {  # the refusal for a $TMPDIR of DIR with REASON
  echo "cannot use temporary directory $1 (from \$TMPDIR): $2; set TMPDIR to a directory that exists and can be written, or give --temp-dir DIR"
}
refused() {  # refused WHAT TMPDIR_VALUE MESSAGE INPUT ARGS...
  local what=$1 tmpdir=$2 message=$3 input=$4
  shift 4
  TMPDIR=$tmpdir strace_run trace=open,openat -- "$FENBATCH" -q "$@" \
    --rejects out/rej.txt --stats-json out/s.json "$input" out/out.fen 2>err.txt
  local status=$?
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  [ "$(head -n 1 err.txt)" = "fenbatch: $message" ] ||
    fail "$what: stderr '$(head -n 1 err.txt)', expected 'fenbatch: $message'"
  [ "$(sed -n 2p err.txt)" = "Try 'fenbatch --help'." ] || fail "$what: no usage hint: $(cat err.txt)"
  ! grep -q "\"$input\"" strace.log || fail "$what: the input was opened before the refusal"
  [ -z "$(ls -A out)" ] || fail "$what: left $(ls -A out)"
  no_temps "$what"
  iic_check "$input" "$what"
}
missing=$PWD/nodir
# The issue's case: a run that would spill (400,000 lines under a 16M budget).
refused "-d --memory-limit 16M, missing \$TMPDIR" "$missing" \
  "$(from_tmpdir "$missing" "No such file or directory")" big.fen -d --memory-limit 16M
refused "-d --memory-limit 16M, \$TMPDIR a file" "$PWD/afile" \
  "$(from_tmpdir "$PWD/afile" "not a directory")" big.fen -d --memory-limit 16M
# Any dedupe may spill, --counts always makes a temporary, --duplicates implies dedupe.
refused "-d on a small input, missing \$TMPDIR" "$missing" \
  "$(from_tmpdir "$missing" "No such file or directory")" small.fen -d
refused "--counts, missing \$TMPDIR" "$missing" \
  "$(from_tmpdir "$missing" "No such file or directory")" small.fen --counts out/counts.tsv
refused "--duplicates, missing \$TMPDIR" "$missing" \
  "$(from_tmpdir "$missing" "No such file or directory")" small.fen --duplicates out/dups.txt
# --temp-dir: always checked (asked for), named as the option.
refused "--temp-dir missing, no dedupe" "$PWD/spill" \
  "cannot use temporary directory $missing (given by --temp-dir): No such file or directory; give --temp-dir a directory that exists and can be written, or leave it out" \
  small.fen --temp-dir "$missing"
# No temporary possible: a missing $TMPDIR does not matter.
TMPDIR=$missing "$FENBATCH" -q small.fen plain.fen 2>err.txt || fail "no dedupe, missing \$TMPDIR: exit $? $(cat err.txt)"
printf '%s\n' "$K" "$S" "$K" | cmp -s - plain.fen || fail "no dedupe, missing \$TMPDIR: wrong output"
TMPDIR=$missing "$FENBATCH" -q --exclude small.fen --rejects r.txt small.fen none.fen 2>err.txt ||
  fail "--exclude without dedupe, missing \$TMPDIR: exit $? $(cat err.txt)"
[ -e none.fen ] && [ ! -s none.fen ] || fail "--exclude without dedupe: none.fen not written empty"
# --temp-dir wins over a missing $TMPDIR.
TMPDIR=$missing "$FENBATCH" -q -d --temp-dir spill small.fen dd.fen 2>err.txt ||
  fail "-d --temp-dir spill, missing \$TMPDIR: exit $? $(cat err.txt)"
printf '%s\n' "$K" "$S" | cmp -s - dd.fen || fail "-d --temp-dir spill: wrong output"
[ -z "$(ls -A spill)" ] || fail "left in spill: $(ls -A spill)"
finish
