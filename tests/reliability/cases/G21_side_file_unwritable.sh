#!/usr/bin/env bash
# G21 (decided: a side file that cannot be written fails the run: exit 2, nothing published):
# --stats-json or --rejects in a directory user 65534 may not write (setpriv), in a missing
# directory, naming an existing directory, or on /dev/full: exit 2 with a "fenbatch: <op>:
# <path>: <reason>" line, the main output (an existing old one) untouched, the other side file
# not published, no temporary left. (Failures at the side files' writes, fsyncs and renames:
# G03, G04.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need setpriv
chmod 0755 .
mkdir work && chown 65534:65534 work && cd work || die "cannot prepare a directory for user 65534"
printf '%s\n' "$K" "bad line" >in.fen
mkdir ro && chmod 555 ro && mkdir isdir
chown 65534:65534 in.fen
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
while read -r runner side bad; do
  printf 'old output\n' >out.fen && chown 65534:65534 out.fen
  saved=$(fingerprint_content out.fen)
  other=$([ "$side" = --rejects ] && echo --stats-json || echo --rejects)
  rm -f other.txt
  [ "$runner" = nobody ] && r=as_nobody || r=""
  $r "$FENBATCH" -q "$side" "$bad" "$other" other.txt in.fen out.fen 2>err.txt
  status=$?
  what="$side $bad${r:+ (user 65534)}"
  aoc_check "$what" "$status" out.fen "$saved" err.txt
  [ ! -e other.txt ] || fail "$what: the other side file was published"
done <<'LIST'
nobody --stats-json ro/s.json
nobody --rejects ro/r.txt
root --stats-json nodir/s.json
root --rejects nodir/r.txt
root --stats-json isdir
root --rejects isdir
root --stats-json /dev/full
root --rejects /dev/full
LIST
finish
