#!/usr/bin/env bash
# F06, issue 14 (a glob overwrote an input): operands are uniq's, [INPUT [OUTPUT]]. `-d *.epd`
# matching three files is a usage error (exit 2, "several inputs need -o OUTPUT") before
# anything is read or written: every file keeps its bytes (sha256), no file or temporary is
# created, nothing on stdout. An output that is one of several inputs (`-o a.epd a.epd b.epd`,
# also spelled ./a.epd or through a hard link) is refused the same way; the output equal to
# the single input is the documented in-place run and still works.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
mkdir globs && cd globs || die "mkdir"
printf '%s\n' "$K" >startpos.epd
printf '%s\n' "$S" "$K" >more.epd
printf '%s\n' "$S" "$S" >zz.epd
ln zz.epd hard.lnk
sums() { sha256sum startpos.epd more.epd zz.epd hard.lnk; ls -A; }
before=$(sums)
refused() {  # refused WHAT MESSAGE_REGEX FENBATCH_ARGS...
  local what=$1 message=$2
  shift 2
  "$FENBATCH" "$@" >../stdout.txt 2>../err.txt
  local status=$?
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  grep -Eq "$message" ../err.txt || fail "$what: stderr: $(cat ../err.txt)"
  grep -qx "Try 'fenbatch --help'." ../err.txt || fail "$what: no usage hint"
  [ ! -s ../stdout.txt ] || fail "$what: wrote to stdout"
  [ "$(sums)" = "$before" ] || fail "$what: files changed: $(sums)"
}
refused "-d *.epd (three files)" '^fenbatch: too many operands \(3\): several inputs need -o OUTPUT' -d ./*.epd
refused "three operands with --stats" 'several inputs need -o OUTPUT' --stats -d more.epd zz.epd startpos.epd
refused "-o a.epd a.epd b.epd" '^fenbatch: the output more\.epd is also an input: only a single input' \
  -d -o more.epd more.epd zz.epd
refused "-o ./a.epd a.epd b.epd" '^fenbatch: the output \./more\.epd is also an input \(more\.epd\)' \
  -d -o ./more.epd more.epd zz.epd
refused "-o through a hard link" '^fenbatch: the output hard\.lnk is also an input \(zz\.epd\)' \
  -d -o hard.lnk startpos.epd zz.epd
# The single input in place: allowed, through a temporary and a rename (F06 above).
cp more.epd copy.fen
"$FENBATCH" -q -d copy.fen copy.fen || fail "in place: exit $?"
[ "$(cat copy.fen)" = "$S"$'\n'"$K" ] || fail "in place: $(cat copy.fen)"
no_temps "operands"
finish
