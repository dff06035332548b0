#!/usr/bin/env bash
# I16 (issue 26, unclear errors: the --counts lines waited in $TMPDIR, not beside the counts
# file as docs/usage.md says): the unnamed temporary of --counts is made in the counts file's
# directory (strace: an O_TMPFILE open read-write of that directory), with the counts a run
# without strace gives; $TMPDIR is opened once only, by the start-up check of the temporary
# directory (a dedupe run may spill there: docs/usage.md, "Temporary files"); with the counts
# on standard output, the temporary goes to $TMPDIR. A missing $TMPDIR is an error naming it
# before any work (exit 2, nothing published), the counts on a file or on standard output.
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
in_tmpdir=$(grep -Ec "openat\(AT_FDCWD, \"$PWD/tmp\", [^)]*O_TMPFILE" strace.log)
[ "$in_tmpdir" = 1 ] ||
  fail "\$TMPDIR opened $in_tmpdir times for a temporary, expected once (the start-up check): $(grep O_TMPFILE strace.log)"
same_file ref.tsv counts/c.tsv "counts beside the counts file"
same_file ref.fen out.fen "output with the counts beside the counts file"
no_temps "counts" counts
rm -f out.fen counts/c.tsv
TMPDIR=$PWD/missing "$FENBATCH" -q --counts counts/c.tsv in.fen out.fen 2>err.txt
status=$?
[ "$status" = 2 ] || fail "missing \$TMPDIR: exit $status, expected 2"
grep -q "missing (from \$TMPDIR)" err.txt || fail "missing \$TMPDIR: the error does not name it: $(cat err.txt)"
[ ! -e out.fen ] && [ ! -e counts/c.tsv ] || fail "missing \$TMPDIR: a file was published"
# Standard output: $TMPDIR.
TMPDIR=$PWD/tmp "$FENBATCH" -q --counts - -o out2.fen in.fen >stdout.tsv || fail "counts on standard output: exit $?"
same_file ref.tsv stdout.tsv "counts on standard output"
TMPDIR=$PWD/missing "$FENBATCH" -q --counts - -o out3.fen in.fen >/dev/null 2>err.txt
status=$?
[ "$status" = 2 ] || fail "counts on standard output, missing \$TMPDIR: exit $status, expected 2"
grep -q "missing" err.txt || fail "counts on standard output, missing \$TMPDIR: the error does not name it: $(cat err.txt)"
[ ! -e out3.fen ] || fail "counts on standard output, missing \$TMPDIR: the output was published"
finish
