# The comparison of fenbatch-mpi with fenbatch, for the cases (cases/*.sh, run by run_case.sh).
# A case starts with
#   . "$RUNS_DIR/compare.sh"
# reports failures with `fail` (goes on) or `die` (stops), and ends with `finish`.
#
# compare_runs "NS" ARGS...: runs `fenbatch ARGS` once in ref/, then for each N of NS
# `$MPIRUN -n N fenbatch-mpi ARGS` in mpi-N/ (both with the same working-directory-relative
# names, so that every path a file or the statistics mention is the same), and compares:
#   - the exit status;
#   - standard output, byte for byte;
#   - standard error, less mpirun's own notices (its "----" framed blocks) and with the program
#     name fenbatch-mpi read as fenbatch;
#   - the files each run left in its directory: the same names (so no temporary left beside
#     the outputs), each byte for byte, decompressed first when named .zst .gz .xz .bz2 (a
#     part per rank may be its own frame or member), and a statistics file (*.json) less what
#     legitimately differs (normalized_stats).
# Inputs are given by absolute paths ("$PWD/in.fen"), the same in both runs. fenbatch must
# exit with REF_STATUS (default 0). COMPARE_STDIN (a file) is given to both as standard input.
# mpi-N/ is removed when it matched.
set -uo pipefail
export LC_ALL=C
failed=0
fail() { echo "FAIL: $*"; failed=1; }
die() { echo "FAIL: $*"; exit 1; }
finish() { exit "$failed"; }
# skip WHY: the case cannot run here (ctest: skipped, with the message).
skip() { echo "skipped: $*"; exit 77; }

if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=$(command -v python3); fi
# No run may hang: each is stopped after RUN_TIMEOUT seconds (then fails).
RUN_TIMEOUT=${RUN_TIMEOUT:-150}
# Sanitizer builds: Open MPI's own allocations are never freed before exit, and are not
# fenbatch's leaks: suppressed by module (data/lsan.supp), which needs whole stacks (Debian's
# libraries have no frame pointers: no fast unwinding) and its plugins kept loaded (else their
# frames are "<unknown module>"). verify_asan_link_order=0: the cases' LD_PRELOAD shims.
if [ "${SANITIZED:-0}" = 1 ]; then
  export LSAN_OPTIONS="suppressions=$RUNS_DIR/data/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0:fast_unwind_on_malloc=0"
  export OMPI_MCA_mca_base_component_disable_dlclose=1
fi

# normalized_stats FILE [distributed]: the --stats-json document less the members that legitimately differ
# between fenbatch and fenbatch-mpi (docs/stats.schema.json): wall_seconds, mb_per_second and
# positions_per_second (timings), threads (-j is per rank), "memory" (the budget is per
# rank, and whether dedupe partitioned depends on each rank's share), and "distribution"
# (fenbatch-mpi's alone: how the ranks shared the work; its presence is checked). Every other
# member, in order, must be the same.
normalized_stats() {
  "$PY" -c 'import json, sys
s = json.load(open(sys.argv[1]))
for k in ("wall_seconds", "mb_per_second", "positions_per_second", "threads", "memory"):
    if k not in s:
        sys.exit(f"{sys.argv[1]}: no member {k}")
    del s[k]
if len(sys.argv) > 2 and sys.argv[2] == "distributed":
    if "distribution" not in s:
        sys.exit(f"{sys.argv[1]}: fenbatch-mpi wrote no member distribution")
    del s["distribution"]
print(json.dumps(s, indent=1))' "$@"
}

# filtered_stderr FILE: what the program printed on standard error, without mpirun's notices
# (blocks between lines of dashes) and with fenbatch-mpi named fenbatch.
filtered_stderr() {
  awk '/^------------------------------+ *$/ { inside = !inside; next } !inside' "$1" | sed 's/fenbatch-mpi/fenbatch/g'
}

# decompressed FILE: its contents, decompressed by its suffix.
decompressed() {
  case "$1" in
    *.zst) zstd -qdc -- "$1" ;;
    *.gz) gzip -dc -- "$1" ;;
    *.xz) xz -dc -- "$1" ;;
    *.bz2) bzip2 -dc -- "$1" ;;
    *) cat -- "$1" ;;
  esac
}

# same_file REF OTHER WHAT: the same contents (see compare_runs).
same_file() {
  local ref=$1 other=$2 what=$3
  case "$ref" in
    *.json)
      if ! cmp -s <(normalized_stats "$ref") <(normalized_stats "$other" distributed); then
        fail "$what: statistics differ (less timings, threads, memory, distribution)"
        diff <(normalized_stats "$ref") <(normalized_stats "$other" distributed) | head -20
      fi ;;
    *.zst | *.gz | *.xz | *.bz2)
      decompressed "$other" >/dev/null 2>&1 || fail "$what: $other does not decompress"
      cmp -s <(decompressed "$ref") <(decompressed "$other") ||
        fail "$what: $other decompressed differs from fenbatch's" ;;
    *)
      if ! cmp -s "$ref" "$other"; then
        fail "$what: $other differs from fenbatch's"
        diff "$ref" "$other" | head -10
      fi ;;
  esac
}

# limited COMMAND...: COMMAND, stopped after RUN_TIMEOUT seconds; then HUNG=1 (its status is
# no sign: mpirun exits 137 when a rank was killed).
limited() {
  local started=$SECONDS status
  timeout -k 10 "$RUN_TIMEOUT" "$@"
  status=$?
  HUNG=0
  [ $((SECONDS - started)) -lt "$RUN_TIMEOUT" ] || HUNG=1
  return "$status"
}

# run_in DIR COMMAND...: COMMAND in DIR (created empty), its stdout, stderr and status in
# DIR.stdout, DIR.stderr, DIR.status; DIR.hung says whether it was stopped.
run_in() {
  local dir=$1
  shift
  rm -rf "$dir" && mkdir "$dir"
  cd "$dir" || die "cannot enter $dir"
  limited "$@" <"${COMPARE_STDIN:-/dev/null}" >"../$dir.stdout" 2>"../$dir.stderr"
  echo $? >"../$dir.status"
  echo "$HUNG" >"../$dir.hung"
  cd ..
}

compare_runs() {
  local ranks=$1 n name what
  shift
  run_in ref "$FENBATCH" "$@"
  [ "$(cat ref.hung)" = 0 ] || die "fenbatch $*: timed out"
  # A reference run that fails unexpectedly would make every comparison vacuous.
  [ "$(cat ref.status)" = "${REF_STATUS:-0}" ] ||
    fail "fenbatch $*: exit $(cat ref.status), the case expects ${REF_STATUS:-0}: $(head -c 300 ref.stderr)"
  for n in $ranks; do
    what="-n $n $*"
    # shellcheck disable=SC2086  # MPIRUN is a command and its flags
    run_in "mpi-$n" $MPIRUN -n "$n" "$FENBATCH_MPI" "$@"
    local status
    status=$(cat "mpi-$n.status")
    [ "$(cat "mpi-$n.hung")" = 0 ] || fail "$what: stopped after ${RUN_TIMEOUT}s (hung?)"
    [ "$status" = "$(cat ref.status)" ] ||
      fail "$what: exit status $status, fenbatch's $(cat ref.status)"
    cmp -s ref.stdout "mpi-$n.stdout" || fail "$what: standard output differs from fenbatch's"
    if ! cmp -s <(filtered_stderr ref.stderr) <(filtered_stderr "mpi-$n.stderr"); then
      fail "$what: standard error differs from fenbatch's"
      diff <(filtered_stderr ref.stderr) <(filtered_stderr "mpi-$n.stderr") | head -10
    fi
    local ref_names other_names
    ref_names=$(cd ref && ls -A)
    other_names=$(cd "mpi-$n" && ls -A)
    [ "$ref_names" = "$other_names" ] ||
      fail "$what: files written: '${other_names//$'\n'/ }', fenbatch's: '${ref_names//$'\n'/ }'"
    for name in $ref_names; do
      [ -f "mpi-$n/$name" ] && same_file "ref/$name" "mpi-$n/$name" "$what"
    done
    [ "$failed" = 1 ] || rm -rf "mpi-$n"
  done
}

# The rank counts a comparison runs over unless a case says otherwise.
export RANKS="1 2 3 4"
