#!/usr/bin/env bash
# F11: an output that is a symlink to another file (a stand-in for /etc/passwd), or a dangling
# symlink, is replaced by the result as a regular file: the link itself is renamed over, the
# target is never written (IIC on the target; a dangling target is never created). The
# temporary is created unnamed (O_TMPFILE), mode 0600, and named by linkat (strace). (A symlink
# to the input: F07.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
printf '%s\n' "$K" "$S" >in.fen
printf 'root:x:0:0:root:/root:/bin/bash\n' >victim
ln -s victim out.fen
iic_save victim
strace_run trace=open,openat,linkat -- "$FENBATCH" -q in.fen out.fen || fail "symlink output: exit $?"
iic_check victim "symlinked output"
[ -L out.fen ] && fail "out.fen is still a symlink: written through"
[ "$(cat out.fen)" = "$K"$'\n'"$S" ] || fail "out.fen: $(cat out.fen)"
grep -E 'openat\(AT_FDCWD, "\.", O_WRONLY\|O_CLOEXEC\|O_TMPFILE, 0600\)' strace.log >/dev/null ||
  fail "temporary not created unnamed (O_TMPFILE), 0600: $(grep -E 'openat\(AT_FDCWD, "\.",' strace.log | head -2)"
# Named only when complete, by linkat, which never follows or replaces an existing name.
grep -E 'linkat\(AT_FDCWD, "/proc/self/fd/[0-9]+", AT_FDCWD, "\./\.out\.fen\.fenbatch-[0-9]+-[0-9a-f]+\.tmp", AT_SYMLINK_FOLLOW\) = 0' strace.log >/dev/null ||
  fail "temporary not named by linkat: $(grep linkat strace.log | head -2)"
ln -s missing-target dangling.fen
"$FENBATCH" -q in.fen dangling.fen || fail "dangling symlink output: exit $?"
[ -e missing-target ] && fail "the dangling symlink's target was created"
[ -f dangling.fen ] && [ ! -L dangling.fen ] || fail "dangling.fen is not a regular file"
no_temps "symlink outputs"
finish
