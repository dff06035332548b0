#!/usr/bin/env bash
# F11: an output that is a symlink to another file (a stand-in for /etc/passwd), or a dangling
# symlink, is replaced by the result as a regular file: the link itself is renamed over, the
# target is never written (IIC on the target; a dangling target is never created). The
# temporary is created O_CREAT|O_EXCL|O_NOFOLLOW, mode 0600 (strace). (A symlink to the input:
# F07.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
printf '%s\n' "$K" "$S" >in.fen
printf 'root:x:0:0:root:/root:/bin/bash\n' >victim
ln -s victim out.fen
iic_save victim
strace_run trace=open,openat -- "$FENBATCH" -q in.fen out.fen || fail "symlink output: exit $?"
iic_check victim "symlinked output"
[ -L out.fen ] && fail "out.fen is still a symlink: written through"
[ "$(cat out.fen)" = "$K"$'\n'"$S" ] || fail "out.fen: $(cat out.fen)"
grep -E 'openat\(AT_FDCWD, "\./\.out\.fen\.fenbatch-[0-9]+-[0-9a-f]+\.tmp", O_WRONLY\|O_CREAT\|O_EXCL\|O_NOFOLLOW\|O_CLOEXEC, 0600\)' strace.log >/dev/null ||
  fail "temporary not created with O_CREAT|O_EXCL|O_NOFOLLOW, 0600: $(grep fenbatch- strace.log | head -2)"
ln -s missing-target dangling.fen
"$FENBATCH" -q in.fen dangling.fen || fail "dangling symlink output: exit $?"
[ -e missing-target ] && fail "the dangling symlink's target was created"
[ -f dangling.fen ] && [ ! -L dangling.fen ] || fail "dangling.fen is not a regular file"
no_temps "symlink outputs"
finish
