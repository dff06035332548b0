# shellcheck shell=bash
# The check of a job that fenbatch-mpi must refuse, for the cases (after compare.sh):
#   . "$RUNS_DIR/compare.sh"; . "$RUNS_DIR/refused_job.sh"
#
# refused_job WHAT MESSAGE MPIRUN_ARGUMENTS...: runs `$MPIRUN MPIRUN_ARGUMENTS...` in a fresh
# empty directory run/ (the ranks' working directory unless -wdir says otherwise), with a
# fresh private TMPDIR (tmp/, given to every rank), standard input from /dev/null, stopped
# after RUN_TIMEOUT seconds; then asserts:
#   - it ended by itself (not stopped: no rank waits for another forever);
#   - mpirun's exit status is 2 (rank 0's; the job's);
#   - nothing on standard output;
#   - standard error, less mpirun's framed notices, is one line "fenbatch-mpi: MESSAGE"
#     (MESSAGE a bash pattern: * and ? match anything), followed by "Try 'fenbatch-mpi
#     --help'." when TRY_HELP=1 (a refused configuration; default 0: ranks that disagree);
#   - nothing in run/ (nothing published, no temporary beside an output) and nothing in tmp/
#     but Open MPI's session directories (ompi.*).
# The files of a failed check stay in refused-N/ for the case's output.
REFUSED_JOBS=0
TRY_HELP=${TRY_HELP:-0}

# program_stderr FILE: what the ranks printed on standard error, without mpirun's notices
# (blocks between lines of dashes); unlike filtered_stderr, fenbatch-mpi keeps its name.
program_stderr() {
  awk '/^------------------------------+ *$/ { inside = !inside; next } !inside' "$1"
}

refused_job() {
  local what=$1 message=$2 status stderr expected_lines first second left
  shift 2
  REFUSED_JOBS=$((REFUSED_JOBS + 1))
  local dir=refused-$REFUSED_JOBS
  rm -rf "$dir" && mkdir -p "$dir/run" "$dir/tmp"
  (
    cd "$dir/run" || exit 1
    # shellcheck disable=SC2086  # MPIRUN is a command and its flags
    TMPDIR=$PWD/../tmp limited $MPIRUN -x TMPDIR "$@" </dev/null >../stdout 2>../stderr
    status=$?
    echo "$status $HUNG" >../status
  )
  read -r status HUNG <"$dir/status"
  local before=$failed
  failed=0
  [ "$HUNG" = 0 ] || fail "$what: stopped after ${RUN_TIMEOUT}s (a rank waited forever?)"
  [ "$status" = 2 ] || fail "$what: exit status $status, expected 2"
  [ ! -s "$dir/stdout" ] || fail "$what: wrote to standard output: $(head -c 200 "$dir/stdout")"
  stderr=$(program_stderr "$dir/stderr")
  expected_lines=1
  [ "$TRY_HELP" = 1 ] && expected_lines=2
  [ "$(printf '%s\n' "$stderr" | wc -l)" = "$expected_lines" ] ||
    fail "$what: standard error is not $expected_lines line(s)"
  first=$(printf '%s\n' "$stderr" | sed -n 1p)
  # shellcheck disable=SC2053  # the message is a pattern
  [[ $first == "fenbatch-mpi: "$message ]] ||
    fail "$what: message '$first', expected 'fenbatch-mpi: $message'"
  if [ "$TRY_HELP" = 1 ]; then
    second=$(printf '%s\n' "$stderr" | sed -n 2p)
    [ "$second" = "Try 'fenbatch-mpi --help'." ] || fail "$what: no usage hint: '$second'"
  fi
  [ -z "$(ls -A "$dir/run")" ] || fail "$what: left in the working directory: $(ls -A "$dir/run")"
  left=$(find "$dir/tmp" -mindepth 1 -maxdepth 1 ! -name 'ompi.*')
  [ -z "$left" ] || fail "$what: left in TMPDIR: $left"
  if [ "$failed" = 1 ]; then
    echo "--- stderr of $what"
    head -c 3000 "$dir/stderr"
  else
    rm -rf "$dir"
  fi
  [ "$before" = 0 ] || failed=1
}
