#!/usr/bin/env bash
# A side file named by one of the process's descriptors (/dev/stderr, /dev/fd/N, or a link to
# /proc/self/fd/N) is written through that descriptor: the rejected line reaches the file
# behind it, and the name (a link in /dev, or the user's own link) is never replaced by a
# regular file. Failed before: with stdout redirected to a regular file, the rename put a
# regular file in place of the link.
set -euo pipefail
fail() { echo "FAIL: $*"; exit 1; }
printf '%s\n' 'not a fen' '4k3/8/8/8/8/8/8/4K3 w - - 0 1' >in.fen
ln -s /proc/self/fd/1 mystdout
"$FENBATCH" -q --rejects mystdout in.fen out.fen >log.txt
[ -L mystdout ] || fail "mystdout is no longer a link"
[ "$(cat log.txt)" = "in.fen:1:2: bad_piece_char: not a fen" ] || fail "log: $(cat log.txt)"
"$FENBATCH" -q --rejects /dev/fd/3 in.fen out2.fen 3>fd3.txt
[ "$(cat fd3.txt)" = "in.fen:1:2: bad_piece_char: not a fen" ] || fail "fd 3: $(cat fd3.txt)"
"$FENBATCH" -q --rejects /dev/stderr in.fen out3.fen 2>err.txt
[ "$(cat err.txt)" = "in.fen:1:2: bad_piece_char: not a fen" ] || fail "stderr: $(cat err.txt)"
[ "$(cat out.fen)" = '4k3/8/8/8/8/8/8/4K3 w - - 0 1' ] || fail "output: $(cat out.fen)"
echo ok
