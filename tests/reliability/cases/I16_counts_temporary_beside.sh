#!/usr/bin/env bash
# I16 (issue 26, unclear errors: the --counts lines waited in $TMPDIR, not beside the counts
# file as docs/usage.md says): the unnamed temporary of --counts is made in the counts file's
# directory (strace: an O_TMPFILE open read-write of that directory), so a run whose $TMPDIR is
# missing still succeeds when nothing else spills, with the counts a run with a usable $TMPDIR
# gives; with the counts on standard output, the temporary goes to $TMPDIR (then a missing
# $TMPDIR is an error naming it, exit 2, nothing published).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 3000 --seed 161 -o gen.fen || die "fenbatch-gen failed"
{ cat gen.fen; head -n 500 gen.fen; } >in.fen
mkdir counts tmp
TMPDIR=$PWD/tmp "$FENBATCH" -q --counts ref.tsv in.fen ref.fen || die "reference run failed"
TMPDIR=$PWD/tmp strace_run trace=openat -- "$FENBATCH" -q --counts counts/c.tsv in.fen out.fen ||
  fail "traced run: exit $?"
grep -Eq 'openat\(AT_FDCWD, "counts", O_RDWR\|O_CLOEXEC\|O_TMPFILE' strace.log ||
  fail "the counts' temporary was not made in counts/: $(grep O_TMPFILE strace.log)"
grep -Eq "openat\(AT_FDCWD, \"$PWD/tmp\", [^)]*O_TMPFILE" strace.log &&
  fail "a temporary was made in \$TMPDIR: $(grep O_TMPFILE strace.log)"
rm -f out.fen counts/c.tsv
TMPDIR=$PWD/missing "$FENBATCH" -q --counts counts/c.tsv in.fen out.fen 2>err.txt ||
  fail "missing \$TMPDIR: exit $?: $(cat err.txt)"
same_file ref.tsv counts/c.tsv "counts beside the counts file"
same_file ref.fen out.fen "output with the counts beside the counts file"
no_temps "counts" counts
# Standard output: $TMPDIR.
TMPDIR=$PWD/tmp "$FENBATCH" -q --counts - -o out2.fen in.fen >stdout.tsv || fail "counts on standard output: exit $?"
same_file ref.tsv stdout.tsv "counts on standard output"
TMPDIR=$PWD/missing "$FENBATCH" -q --counts - -o out3.fen in.fen >/dev/null 2>err.txt
status=$?
[ "$status" = 2 ] || fail "counts on standard output, missing \$TMPDIR: exit $status, expected 2"
grep -q "missing" err.txt || fail "counts on standard output, missing \$TMPDIR: the error does not name it: $(cat err.txt)"
[ ! -e out3.fen ] || fail "counts on standard output, missing \$TMPDIR: the output was published"
finish
