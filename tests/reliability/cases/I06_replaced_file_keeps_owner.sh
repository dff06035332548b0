#!/usr/bin/env bash
# I06 (issue 26 item 6): a replaced file keeps its owner, group and mode where the process may
# set them, and says so where it may not.
# - As root: in place (`-d own.fen own.fen`), an output replaced out of place, and the side
#   files (--stats-json, --rejects) over files owned by user 65534, group 65534 (or 65534:0),
#   with modes 640, 604, 600: each keeps owner, group and mode exactly; no note is printed.
# - As user 65534 (setpriv) in a directory it may write, replacing files owned by root (mode
#   644, 604): owner and group become 65534's (the kernel forbids more), the mode is kept, and
#   stderr has one note per replaced file naming it, its old owner and "not permitted"; the
#   content is the run's result and no temporary is left.
# - New files (no file to replace) get the runner as owner and 0666 & ~umask, with no note.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need setpriv
[ "$(id -u)" = 0 ] || die "I06 needs root (chown to another user); the unprivileged half runs through setpriv"
chmod 0755 .
printf '%s\n' "$K" "$S" "$K" "bad line" >src.fen
"$FENBATCH" -q --dedupe src.fen expected.fen || die "reference run failed"
owner_mode() { stat -c '%u:%g %a' "$1"; }

# Root replacing other users' files.
cp src.fen own.fen && chown 65534:65534 own.fen && chmod 640 own.fen
cp src.fen in.fen
printf 'old\n' >out.fen && chown 65534:0 out.fen && chmod 604 out.fen
# Side files of their own kind (an earlier run's), so that only their owners are at stake.
"$FENBATCH" -q --stats-json s.json --rejects r.txt src.fen /dev/null || die "side-file run failed"
cp s.json old.json
chown 65534:65534 s.json && chmod 600 s.json
chown 0:65534 r.txt && chmod 640 r.txt
"$FENBATCH" --dedupe own.fen own.fen 2>err1.txt || fail "root, in place: exit $?"
"$FENBATCH" --dedupe --stats-json s.json --rejects r.txt in.fen out.fen 2>err2.txt ||
  fail "root, out of place with side files: exit $?"
for f_want in "own.fen 65534:65534 640" "out.fen 65534:0 604" "s.json 65534:65534 600" "r.txt 0:65534 640"; do
  read -r f owner mode <<<"$f_want"
  [ "$(owner_mode "$f")" = "$owner $mode" ] ||
    fail "root: $f is $(owner_mode "$f") after the run, expected $owner $mode (kept)"
done
same_file expected.fen own.fen "root, in place"
same_file expected.fen out.fen "root, out of place"
grep -q 'not permitted' err1.txt err2.txt && fail "root: a note that the owner could not be kept: $(cat err1.txt err2.txt)"
no_temps "root"

# User 65534 replacing root's files: the owner cannot be kept, the mode is, and it says so.
mkdir shared && chmod 0777 shared   # writable by 65534, no sticky bit: it may replace root's files
cp src.fen shared/own.fen && chmod 644 shared/own.fen
cp old.json shared/s.json && chmod 604 shared/s.json
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
(cd shared && as_nobody "$FENBATCH" --dedupe --stats-json s.json own.fen own.fen 2>../err3.txt)
status=$?
[ "$status" = 0 ] || fail "user 65534: exit $status: $(cat err3.txt)"
[ "$(owner_mode shared/own.fen)" = "65534:65534 644" ] ||
  fail "user 65534: own.fen is $(owner_mode shared/own.fen), expected 65534:65534 644 (mode kept)"
[ "$(owner_mode shared/s.json)" = "65534:65534 604" ] ||
  fail "user 65534: s.json is $(owner_mode shared/s.json), expected 65534:65534 604 (mode kept)"
same_file expected.fen shared/own.fen "user 65534, in place"
for f in own.fen s.json; do
  n=$(grep -c "^fenbatch: note: $f: .*user 0, group 0.*not permitted" err3.txt)
  [ "$n" = 1 ] || fail "user 65534: $n notes that $f's owner was not kept (expected 1): $(cat err3.txt)"
done
no_temps "user 65534" shared

# New files: the runner's, 0666 & ~umask, no note.
(umask 022; "$FENBATCH" --dedupe --stats-json new.json in.fen new.fen 2>err4.txt) || fail "new files: exit $?"
[ "$(owner_mode new.fen)" = "0:0 644" ] || fail "new output is $(owner_mode new.fen), expected 0:0 644"
[ "$(owner_mode new.json)" = "0:0 644" ] || fail "new stats are $(owner_mode new.json), expected 0:0 644"
grep -q 'note' err4.txt && fail "new files: a note: $(cat err4.txt)"
finish
