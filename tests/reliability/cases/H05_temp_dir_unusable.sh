#!/usr/bin/env bash
# H05 (issue 16: "--temp-dir DIR ... clear error before work starts"; F09 for the temp dir): a
# --temp-dir that is missing, a regular file, or a directory the user may not write (mode 555,
# run as user 65534) is refused before the input is read: exit 2 and a stderr line
# "fenbatch: ... DIR ...: <reason>" naming the directory (No such file or directory, not a
# directory, Permission denied), nothing published, no temporary left. The input is a FIFO
# whose writer never writes: a run that read it first would hang (a 10 s timeout fails it).
# Runs are --dedupe under --memory-limit 16M, i.e. runs that may need the temp dir.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need setpriv timeout
chmod 0755 .
mkdir ro555 && chmod 555 ro555
mkdir out && chmod 777 out
printf 'a file\n' >afile
mkfifo fifo && chmod 666 fifo
exec 3<>fifo    # a writer that never writes: reading the input would block
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
try() {  # try WHAT RUNNER DIR REASON_REGEX
  local what=$1 runner=$2 dir=$3 reason=$4
  $runner timeout 10 "$FENBATCH" -q --dedupe --memory-limit 16M --temp-dir "$dir" \
    --rejects out/rej.txt --stats-json out/s.json fifo out/out.fen 2>err.txt
  local status=$?
  [ "$status" = 124 ] && fail "$what: still running after 10 s: the input was read before the temp dir was checked"
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  grep -Eq "^fenbatch: .*$dir.*($reason)" err.txt || fail "$what: no message naming $dir ($reason): $(head -c 300 err.txt)"
  [ -z "$(ls -A out)" ] || fail "$what: left $(ls -A out)"
  [ -z "$(ls -A ro555)" ] || fail "$what: left in ro555: $(ls -A ro555)"
  [ "$(cat afile)" = "a file" ] || fail "$what: afile changed"
}
try "missing temp dir" "" "$PWD/nodir" "No such file or directory"
try "temp dir is a file" "" "$PWD/afile" "[Nn]ot a directory"
try "mode 555 temp dir (user 65534)" as_nobody "$PWD/ro555" "Permission denied"
exec 3>&-
finish
