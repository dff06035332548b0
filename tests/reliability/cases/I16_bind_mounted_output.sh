#!/usr/bin/env bash
# I16 (issue 26, unclear errors: an output that is a bind-mounted file failed with "Invalid
# cross-device link" at the rename, after the whole run): a destination that is a mount point
# cannot be replaced atomically, so it is refused when it is opened, before any work: exit 2
# with one line naming it, "mount", and the way out ("write to another name"); the mounted file
# is unchanged; nothing is left. Checked for the output, through a symbolic link to it, and for
# --stats-json; the input is a FIFO nobody writes, so a run that read before refusing would
# hang (time limit 20 s). Bind mounts need root, else a user and mount namespace (unshare -rm);
# without either the case fails, never skips silently.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need mount umount timeout
cat >inside.sh <<'SH'
K='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
printf '%s\n' "$K" >in.fen
printf 'mounted content\n' >source.fen
"$FENBATCH" -q --stats-json stats-source.json in.fen /dev/null || exit 3
printf 'under the mount\n' >out.fen
cp stats-source.json s.json
trap 'umount out.fen 2>/dev/null; umount s.json 2>/dev/null' EXIT
mount --bind source.fen out.fen || exit 4
mount --bind stats-source.json s.json || exit 4
ln -s out.fen link.fen
mkfifo fifo
exec 3<>fifo   # nobody writes: a run that read its input first would hang
check() {  # check WHAT ARGS...
  local what=$1
  shift
  timeout 20 "$FENBATCH" -q "$@" 2>err.txt
  local status=$?
  echo "$what: status $status"
  echo "$what: stderr $(cat err.txt)"
  cmp -s source.fen out.fen && echo "$what: out.fen unchanged"
  cmp -s stats-source.json s.json && echo "$what: s.json unchanged"
  [ -z "$(find . -name '.*fenbatch*')" ] && echo "$what: nothing left"
}
check output fifo out.fen
check link fifo link.fen
check stats --stats-json s.json fifo other.fen
[ ! -e other.fen ] && echo "stats: other.fen not created"
SH
if [ "$(id -u)" = 0 ]; then
  (bash inside.sh >result.txt)
elif unshare -rm true 2>/dev/null; then
  echo "note: not root; using unshare -rm" >&2
  unshare -rm bash inside.sh >result.txt
else
  die "cannot bind-mount here (neither root nor unshare -rm)"
fi
status=$?
[ "$status" = 0 ] || die "could not set up the bind mounts (status $status)"
for what in output link stats; do
  grep -q "^$what: status 2$" result.txt || fail "$what: $(grep "^$what: status" result.txt) (expected 2; 124: the input was read first)"
  line=$(grep "^$what: stderr " result.txt | sed "s/^$what: stderr //")
  [[ $line == fenbatch:*mount*"write to another name"* ]] || fail "$what: unclear message: $line"
  [[ $line == *"cross-device"* ]] && fail "$what: still \"Invalid cross-device link\": $line"
  grep -q "^$what: out.fen unchanged$" result.txt || fail "$what: the mounted output changed"
  grep -q "^$what: s.json unchanged$" result.txt || fail "$what: the mounted statistics changed"
  grep -q "^$what: nothing left$" result.txt || fail "$what: a temporary was left"
done
grep -q "^output: stderr fenbatch: replace: out.fen: " result.txt || fail "output: the message does not name out.fen: $(grep '^output: stderr' result.txt)"
grep -q "^stats: stderr fenbatch: replace: s.json: " result.txt || fail "stats: the message does not name s.json: $(grep '^stats: stderr' result.txt)"
grep -q "^stats: other.fen not created$" result.txt || fail "stats: the output was published"
finish
