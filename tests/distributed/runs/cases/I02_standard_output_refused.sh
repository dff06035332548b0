#!/usr/bin/env bash
# I02 (RELIABILITY.md section I; issue 26 item 2), MPI only: under mpirun a rank's standard
# output is forwarded where no rank can see, so `mpirun -n 2 fenbatch-mpi -d in.fen - >>in.fen`
# grew its input. fenbatch-mpi refuses standard output and every name of a descriptor as any
# file it writes, and descriptor names as any file it reads (a rank has none of the shell's
# descriptors: its own are MPI's): exit 2, one message saying why (standard output, or the
# name and its descriptor) with the usage hint, nothing on standard output, nothing written,
# no temporary left, the input unchanged. Variants: the OUTPUT operand "-", -o -, each side
# file as "-"; /dev/stdout, /dev/stderr, /dev/fd/1, /dev/fd/2, /proc/self/fd/1,
# /proc/thread-self/fd/2, /dev//fd/../fd/1 and a symbolic link to /dev/stdout as the output or
# a side file; /dev/fd/3 (open in the shell) as an input and /dev/fd/0 as a reference.
. "$RUNS_DIR/compare.sh"
. "$RUNS_DIR/refused_job.sh"
# Each of the 18 runs well inside the case's ctest TIMEOUT (300 s) even if all hung.
RUN_TIMEOUT=15
"$FENBATCH_GEN" -n 2000 --seed 61 -o in.fen || die "fenbatch-gen failed"
in=$PWD/in.fen
sum_before=$(sha256sum <in.fen)

echo "== the issue's command: the output operand - appended to the input"
mkdir appended && cd appended || die "cannot enter appended"
# shellcheck disable=SC2086  # MPIRUN is a command and its flags
limited $MPIRUN -n 2 "$FENBATCH_MPI" -d "$in" - </dev/null >>"$in" 2>../appended.stderr
status=$?
cd ..
[ "$HUNG" = 0 ] || fail "- >>in.fen: stopped after ${RUN_TIMEOUT}s"
[ "$status" = 2 ] || fail "- >>in.fen: exit $status, expected 2"
[ "$(sha256sum <in.fen)" = "$sum_before" ] || fail "- >>in.fen: the input changed"
[ -z "$(ls -A appended)" ] || fail "- >>in.fen: left files: $(ls -A appended)"
filtered_stderr appended.stderr | grep -q "standard output ('-')" ||
  fail "- >>in.fen: no message naming standard output: $(head -c 400 appended.stderr)"

export TRY_HELP=1  # (read by refused_job)
stdout_refused() {  # stdout_refused ROLE N ARGS...: a job refused for "-" in ROLE
  local role=$1 n=$2
  shift 2
  refused_job "-n $n $*" "$role cannot be standard output ('-'): *; give a file name" \
    -n "$n" "$FENBATCH_MPI" "$@"
}
echo "== standard output as the output or a side file"
stdout_refused "the output" 2 -d "$in" -
stdout_refused "the output" 3 -d -o - "$in"
stdout_refused "the --rejects file" 2 --rejects - -o out.fen "$in"
stdout_refused "the --stats-json file" 3 --stats-json - -o out.fen "$in"
stdout_refused "the --duplicates file" 2 --duplicates - -o out.fen "$in"
stdout_refused "the --counts file" 2 --counts - -o out.fen "$in"
stdout_refused "the --report file" 2 --report - -o out.fen "$in"

descriptor_refused() {  # descriptor_refused ROLE NAME FD N ARGS...
  local role=$1 name=$2 fd=$3 n=$4
  shift 4
  refused_job "-n $n $*" "$role cannot be $name, a name of descriptor $fd: *; give a file name" \
    -n "$n" "$FENBATCH_MPI" "$@"
}
echo "== names of descriptors"
ln -s /dev/stdout "$PWD/to-stdout.fen"
descriptor_refused "the output" /dev/stdout 1 2 -d -o /dev/stdout "$in"
descriptor_refused "the output" /dev/fd/1 1 2 -d "$in" /dev/fd/1
descriptor_refused "the output" /proc/self/fd/1 1 3 -d -o /proc/self/fd/1 "$in"
descriptor_refused "the output" /dev/fd/2 2 2 -d -o /dev/fd/2 "$in"
descriptor_refused "the output" "$PWD/to-stdout.fen" 1 2 -d -o "$PWD/to-stdout.fen" "$in"
descriptor_refused "the --rejects file" /dev/stderr 2 2 --rejects /dev/stderr -o out.fen "$in"
descriptor_refused "the --stats-json file" /dev//fd/../fd/1 1 2 --stats-json /dev//fd/../fd/1 \
  -o out.fen "$in"
descriptor_refused "the --report file" /proc/thread-self/fd/2 2 2 \
  --report /proc/thread-self/fd/2 -o out.fen "$in"
exec 3<"$in"
descriptor_refused "an input" /dev/fd/3 3 2 -d -o out.fen "$in" /dev/fd/3
exec 3<&-
descriptor_refused "an --exclude reference" /dev/fd/0 0 2 -d --exclude /dev/fd/0 -o out.fen "$in"
[ "$(sha256sum <in.fen)" = "$sum_before" ] || fail "the input changed"
finish
