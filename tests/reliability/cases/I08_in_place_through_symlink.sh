#!/usr/bin/env bash
# I08 (issue 26 item 8): in place, or an output, through a symbolic link is written through to
# the link's target, with the temporary beside the target, and the link stays.
# - `fenbatch -d link.fen link.fen` (link.fen -> data/set.fen): data/set.fen holds the deduped
#   result (what a run into a fresh file gives), link.fen is the same link, nothing is left in
#   either directory.
# - The target on another file system (a tmpfs mounted here; root, else unshare -rm): the same,
#   and no "Invalid cross-device link": the temporary is made and renamed in the target's
#   directory (strace: O_TMPFILE and rename there).
# - Side files follow the same rule: --stats-json and --rejects through links to existing files
#   of their kind elsewhere, and --rejects through a dangling link: the targets are written
#   (the dangling one created), the links stay.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 2000 --seed 26 -o gen.fen || die "fenbatch-gen failed"
{ cat gen.fen; head -n 300 gen.fen; echo "bad line"; } >original.fen
"$FENBATCH" -q --dedupe original.fen expected.fen || die "reference run failed"
mkdir data
cp original.fen data/set.fen
ln -s data/set.fen link.fen
"$FENBATCH" -q --dedupe link.fen link.fen || fail "in place through a link: exit $?"
[ -L link.fen ] && [ "$(readlink link.fen)" = data/set.fen ] || fail "in place: link.fen is no longer the link"
same_file expected.fen data/set.fen "in place through a link (the target)"
no_temps "in place through a link"
no_temps "in place through a link (target's directory)" data

# Side files through links: existing ones of their kind, and a dangling one.
mkdir side
"$FENBATCH" -q --stats-json side/s.json --rejects side/r.txt original.fen /dev/null || die "side-file run failed"
ln -s side/s.json s.json
ln -s side/r.txt r.txt
ln -s side/new-rejects.txt dangling-r.txt
cp original.fen data/set.fen
"$FENBATCH" -q --dedupe --stats-json s.json --rejects r.txt link.fen link.fen || fail "side files through links: exit $?"
[ -L s.json ] && [ -L r.txt ] || fail "a side file's link was replaced"
[ "$(json side/s.json 's["written"]')" = "$(wc -l <expected.fen)" ] || fail "side/s.json was not written through"
grep -q '^link.fen:2301:' side/r.txt || fail "side/r.txt was not written through: $(head -c 200 side/r.txt)"
"$FENBATCH" -q --rejects dangling-r.txt original.fen /dev/null || fail "dangling --rejects link: exit $?"
[ -L dangling-r.txt ] && [ -s side/new-rejects.txt ] || fail "the dangling --rejects link's target was not created"
no_temps "side files through links"
no_temps "side files through links (targets' directory)" side

# The target on another file system: the rename must stay within the target's file system.
cat >other_fs.sh <<'SH'
cd "$1" || exit 1
cp original.fen fs/set.fen
ln -sf fs/set.fen cross.fen
env "$STRACE_ENV" strace -f -qq -o strace.log -e trace=openat,rename "$FENBATCH" -q --dedupe cross.fen cross.fen 2>err.txt
echo "status $?" >result.txt
cmp -s expected.fen fs/set.fen && echo "written through" >>result.txt
[ -z "$(find fs -name '.*fenbatch*')" ] && echo "nothing left" >>result.txt
SH
FENBATCH=$FENBATCH STRACE_ENV=$STRACE_ENV on_small_tmpfs 64m fs other_fs.sh "$PWD" || fail "cannot run on a tmpfs"
grep -q '^status 0$' result.txt || fail "target on another file system: $(cat result.txt) $(cat err.txt)"
grep -q 'cross-device' err.txt && fail "target on another file system: $(cat err.txt)"
grep -Eq 'openat\(AT_FDCWD, "fs", [^)]*O_TMPFILE' strace.log ||
  fail "other file system: temporary not made beside the target: $(grep O_TMPFILE strace.log | head -2)"
grep -Eq 'rename\("fs/\.set\.fen\.fenbatch-[0-9]+-[0-9a-f]+\.tmp", "fs/set\.fen"\) = 0' strace.log ||
  fail "other file system: not renamed beside the target: $(grep rename strace.log | head -2)"
grep -q '^written through$' result.txt || fail "other file system: the target does not hold the result"
grep -q '^nothing left$' result.txt || fail "other file system: a temporary was left beside the target"
[ -L cross.fen ] || fail "other file system: the link was replaced"
finish
