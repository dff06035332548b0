#!/usr/bin/env bash
# I03 (RELIABILITY.md section I; issue 26 item 3), MPI only: a command line that runs nothing
# on some ranks only (a usage error, a bad value, --help, --version) left the other ranks
# waiting for them in a collective operation forever, and mpirun with them. Every rank now
# shows the others what its command line came to, whatever it is, before anything else: every
# job here ends by itself with exit 2 and one message naming the first difference ("the
# command line is a run on rank 0 and an error (...) on rank 1"), nothing on standard output
# (no --help text either: it prints only where every rank asked for it), nothing published,
# no temporary left. At 2 and 3 ranks, the odd rank first or last. Then the controls: --help
# on every rank (with other options beside it) prints it once, exit 0; the same usage error
# on every rank is the usual message, printed once, exit 2.
. "$RUNS_DIR/compare.sh"
. "$RUNS_DIR/refused_job.sh"
# Each of the 9 runs well inside the case's ctest TIMEOUT (300 s) even if all hung.
RUN_TIMEOUT=30
"$FENBATCH_GEN" -n 3000 --seed 91 -o in.fen || die "fenbatch-gen failed"
in=$PWD/in.fen
run=(-d --rejects rejects.txt --counts counts.tsv --stats-json stats.json -o out.fen "$in")
hint="(every rank must be given the same options and inputs)"
# job N0 'OPTIONS0' N1 'OPTIONS1' MESSAGE: N0 ranks given OPTIONS0 before the run's, then N1.
job() {
  local n0=$1 n1=$3 message=$5
  local -a a b
  read -r -a a <<<"$2"
  read -r -a b <<<"$4"
  refused_job "-n $n0 $2 : -n $n1 $4" "ranks disagree: $message $hint" \
    -n "$n0" "$FENBATCH_MPI" "${a[@]}" "${run[@]}" : -n "$n1" "$FENBATCH_MPI" "${b[@]}" "${run[@]}"
}
echo "== a usage error on one rank"
job 1 "" 1 "--dedup" "the command line is a run on rank 0 and an error (*'--dedup'*) on rank 1"
job 1 "--no-such-option" 2 "" \
  "the command line is an error (*'--no-such-option'*) on rank 0 and a run on rank 1"
job 2 "" 1 "--memory-limit 1M" \
  "the command line is a run on rank 0 and an error (*--memory-limit*) on rank 2"
echo "== --help or --version on one rank"
job 1 "" 1 "--help" "the command line is a run on rank 0 and a request for --help on rank 1"
job 1 "-h" 2 "" "the command line is a request for --help on rank 0 and a run on rank 1"
job 2 "" 1 "--version" "the command line is a run on rank 0 and a request for --version on rank 2"

echo "== controls: --help everywhere (exit 0, printed once), the same error everywhere"
mkdir help && cd help || die "cannot enter help"
# shellcheck disable=SC2086  # MPIRUN is a command and its flags
limited $MPIRUN -n 1 "$FENBATCH_MPI" --help -d : -n 2 "$FENBATCH_MPI" --help \
  </dev/null >../help.out 2>../help.err
status=$?
cd ..
[ "$HUNG" = 0 ] || fail "--help everywhere: stopped after ${RUN_TIMEOUT}s"
[ "$status" = 0 ] || fail "--help everywhere: exit $status, expected 0"
[ "$(grep -c '^Usage: fenbatch-mpi ' help.out)" = 1 ] || fail "--help everywhere: not printed once"
[ -z "$(program_stderr help.err)" ] || fail "--help everywhere: stderr: $(head -c 300 help.err)"
export TRY_HELP=1  # (read by refused_job)
refused_job "--dedup everywhere" "unrecognised option '--dedup'*" \
  -n 1 "$FENBATCH_MPI" --dedup -o out.fen "$in" : -n 2 "$FENBATCH_MPI" --dedup -o out.fen "$in"
finish
