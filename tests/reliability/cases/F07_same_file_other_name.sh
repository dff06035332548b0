#!/usr/bin/env bash
# F07 (decided: output equal to an input under any spelling, symlink or hard link is supported
# through temp file + rename; the input is never written): output = a hard link to the input
# (the link name gets the result as a new file; the input keeps its content and inode: IIC),
# output = a symlink to the input, in place through the link (written through to the input,
# as issue 26 decided (I08): the link stays), output = the input through a symlinked
# directory; each result equals a run into a fresh file.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n 2000 --seed 7 -o in.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe in.fen expected.fen || die "reference run failed"
cp in.fen original.fen
# hard link
ln in.fen hl.fen
iic_save in.fen
"$FENBATCH" -q --dedupe in.fen hl.fen || fail "hard link: exit $?"
iic_check in.fen "output is a hard link to the input"
same_file expected.fen hl.fen "hard link output"
[ "$(stat -c %i in.fen)" != "$(stat -c %i hl.fen)" ] || fail "hard link: output still shares the input's inode"
# symlink: in place through the link, written through to the input; the link stays
ln -s in.fen sl.fen
"$FENBATCH" -q --dedupe sl.fen sl.fen || fail "symlink: exit $?"
[ -L sl.fen ] && [ "$(readlink sl.fen)" = in.fen ] || fail "symlink: the link was replaced"
same_file expected.fen in.fen "in place through a symlink"
# the input's own directory through a symlinked directory
ln -s . here
cp original.fen in2.fen
"$FENBATCH" -q --dedupe in2.fen here/in2.fen || fail "symlinked directory: exit $?"
same_file expected.fen in2.fen "in place through a symlinked directory"
no_temps "same file, other names"
finish
