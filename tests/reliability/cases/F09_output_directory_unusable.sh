#!/usr/bin/env bash
# F09: an output (or rejects, or stats) in a missing directory, in a directory the user may not
# write (mode 555, run as user 65534), or on a read-only file system (a read-only tmpfs mounted
# here; if mounting is impossible, a read-only bind mount; else this part fails) fails fast:
# exit 2 with "fenbatch: create: PATH: ...", before reading the input (the input is a FIFO whose
# writer never writes: a run that read first would hang), and nothing is left behind.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need setpriv mount
chmod 0755 .
mkdir ro555 && chmod 555 ro555
mkdir rofs
mount_ok=0
if mount -t tmpfs -o ro,size=1m tmpfs rofs 2>/dev/null; then mount_ok=1
elif mkdir rofs_src && mount --bind rofs_src rofs 2>/dev/null && mount -o remount,bind,ro rofs 2>/dev/null; then mount_ok=1
fi
trap 'umount rofs 2>/dev/null' EXIT
[ "$mount_ok" = 1 ] || fail "cannot mount a read-only file system here (root or unshare needed)"
mkfifo fifo && chmod 666 fifo
exec 3<>fifo    # a writer that never writes: reading the input would block
try() {  # try WHAT RUNNER ARGS...
  local what=$1 runner=$2
  shift 2
  $runner timeout 10 "$FENBATCH" -q "$@" 2>err.txt
  local status=$?
  [ "$status" = 124 ] && fail "$what: still running after 10 s: the input was read before the output was checked"
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  grep -Eq '^fenbatch: create: [^:]+: (No such file or directory|Permission denied|Read-only file system)$' err.txt ||
    fail "$what: stderr: $(cat err.txt)"
  [ -z "$(find . -name '*.fen*' -newer fifo ! -name fifo)" ] || fail "$what: left $(find . -newer fifo ! -name fifo)"
}
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
try "missing directory" "" fifo nodir/out.fen
try "rejects in a missing directory" "" --rejects nodir/r.txt fifo out.fen
try "stats in a missing directory" "" --stats-json nodir/s.json fifo out.fen
try "mode 555 directory (user 65534)" as_nobody fifo ro555/out.fen
try "stats in a mode 555 directory (user 65534)" as_nobody --stats-json ro555/s.json fifo /dev/null
[ "$mount_ok" = 1 ] && try "read-only file system" "" fifo rofs/out.fen
exec 3>&-
finish
