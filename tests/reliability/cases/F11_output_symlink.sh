#!/usr/bin/env bash
# F11, as issue 26 (I08) decided: an output that is a symbolic link is written through to the
# file it leads to, and the link stays: a user who points a link at a dataset means the dataset.
# (This replaces the earlier rule, under which the link itself was replaced by a regular file.)
# - A link to another file (the old stand-in for /etc/passwd, "victim"): the victim now gets
#   the result (written through, as `>` would), out.fen is still the same link; the temporary
#   is created unnamed (O_TMPFILE, 0600) in the target's directory and named there by linkat
#   (strace), and the rename replaces the target.
# - A target in another directory (through a relative link and a chain of two links): the
#   temporary is made and renamed in the target's directory; the links' directory gets nothing.
# - A dangling link: its target is created (as a shell's `>` would), the link stays; a
#   dangling link into a missing directory: exit 2 "create: ...", nothing created anywhere.
# - A loop of links: exit 2, "Too many levels of symbolic links", nothing created.
# (A symlink to the input: F07; in place through a link and side files through links: I08.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
printf '%s\n' "$K" "$S" >in.fen
printf 'root:x:0:0:root:/root:/bin/bash\n' >victim
ln -s victim out.fen
strace_run trace=open,openat,linkat,rename -- "$FENBATCH" -q in.fen out.fen || fail "symlink output: exit $?"
[ -L out.fen ] && [ "$(readlink out.fen)" = victim ] || fail "out.fen is no longer the link to victim"
[ "$(cat victim)" = "$K"$'\n'"$S" ] || fail "victim was not written through: $(cat victim)"
grep -E 'openat\(AT_FDCWD, "\.", O_WRONLY\|O_CLOEXEC\|O_TMPFILE, 0600\)' strace.log >/dev/null ||
  fail "temporary not created unnamed (O_TMPFILE), 0600: $(grep -E 'openat\(AT_FDCWD, "\.",' strace.log | head -2)"
# Named only when complete, by linkat, which never follows or replaces an existing name; the
# name is the target's.
grep -E 'linkat\(AT_FDCWD, "/proc/self/fd/[0-9]+", AT_FDCWD, "\./\.victim\.fenbatch-[0-9]+-[0-9a-f]+\.tmp", AT_SYMLINK_FOLLOW\) = 0' strace.log >/dev/null ||
  fail "temporary not named by linkat beside the target: $(grep linkat strace.log | head -2)"
grep -Eq 'rename\("\./\.victim\.fenbatch-[0-9]+-[0-9a-f]+\.tmp", "victim"\) = 0' strace.log ||
  fail "the rename does not replace the target: $(grep rename strace.log | head -2)"

# Another directory, through a chain of two relative links.
mkdir -p links data
printf 'old\n' >data/set.fen
ln -s ../data/set.fen links/first.fen
ln -s first.fen links/out.fen
strace_run trace=openat,linkat,rename -- "$FENBATCH" -q in.fen links/out.fen || fail "chain: exit $?"
[ "$(cat data/set.fen)" = "$K"$'\n'"$S" ] || fail "chain: data/set.fen not written: $(cat data/set.fen)"
[ -L links/out.fen ] && [ -L links/first.fen ] || fail "chain: a link was replaced"
grep -Eq 'openat\(AT_FDCWD, "links/\.\./data", [^)]*O_TMPFILE' strace.log ||
  fail "chain: temporary not made in the target's directory: $(grep O_TMPFILE strace.log | head -2)"
grep -Eq 'rename\("links/\.\./data/\.set\.fen\.fenbatch-[0-9]+-[0-9a-f]+\.tmp", "links/\.\./data/set\.fen"\) = 0' strace.log ||
  fail "chain: not renamed within the target's directory: $(grep rename strace.log | head -2)"

# Dangling: the target is created; into a missing directory: refused.
ln -s missing-target dangling.fen
"$FENBATCH" -q in.fen dangling.fen || fail "dangling symlink output: exit $?"
[ -L dangling.fen ] || fail "dangling.fen is no longer a link"
[ "$(cat missing-target 2>/dev/null)" = "$K"$'\n'"$S" ] || fail "the dangling link's target was not created with the result"
ln -s no/such/dir/x.fen nowhere.fen
"$FENBATCH" -q in.fen nowhere.fen 2>err.txt
status=$?
[ "$status" = 2 ] || fail "dangling into a missing directory: exit $status, expected 2"
grep -q '^fenbatch: create: nowhere.fen: No such file or directory$' err.txt || fail "dangling into a missing directory: $(cat err.txt)"
[ ! -e no ] || fail "dangling into a missing directory: something was created"
[ -L nowhere.fen ] || fail "dangling into a missing directory: the link was touched"

# A loop.
ln -s loop2.fen loop1.fen && ln -s loop1.fen loop2.fen
"$FENBATCH" -q in.fen loop1.fen 2>err.txt
status=$?
[ "$status" = 2 ] || fail "loop: exit $status, expected 2"
grep -q 'Too many levels of symbolic links' err.txt || fail "loop: $(cat err.txt)"
[ -L loop1.fen ] && [ -L loop2.fen ] || fail "loop: a link was replaced"
no_temps "symlink outputs"
finish
