#!/usr/bin/env bash
# I03 (RELIABILITY.md section I; issue 26 item 3), MPI only: ranks started with other options
# (`mpirun -n 1 fenbatch-mpi A : -n 1 fenbatch-mpi B`) silently gave wrong results (--key fen
# against --key board: results that match neither key), mixed formats, segfaulted (-d on rank
# 0 only: exit 139, a temporary left) or spun forever (-d on rank 1 only). Before any work the
# ranks agree on their resolved options: every job here ends by itself with exit 2, one
# message naming the first difference, the option and each side's value with the ranks
# ("ranks disagree: --key is fen on rank 0 and board on rank 1 (...)"), nothing on standard
# output, nothing published, no temporary left. At 2 ranks and at 3 (the odd rank first, in
# the middle or last), the options: --key, -d either way, --format, --payload, a side file,
# --max-invalid, --no-mmap, and --where (each expression by its text). The messages are
# written here by hand from docs/usage.md.
. "$RUNS_DIR/compare.sh"
. "$RUNS_DIR/refused_job.sh"
# Each of the 10 runs well inside the case's ctest TIMEOUT (300 s) even if all hung.
RUN_TIMEOUT=30
"$FENBATCH_GEN" -n 3000 --seed 71 -o in.fen || die "fenbatch-gen failed"
in=$PWD/in.fen
common=(--rejects rejects.txt --stats-json stats.json -o out.fen)
hint="(every rank must be given the same options and inputs)"
# disagree N0 N1 'OPTIONS0' 'OPTIONS1' MESSAGE: N0 ranks with OPTIONS0, then N1 with OPTIONS1.
disagree() {
  local n0=$1 n1=$2 message=$5
  local -a a b
  read -r -a a <<<"$3"
  read -r -a b <<<"$4"
  refused_job "-n $n0 ${a[*]} : -n $n1 ${b[*]}" "ranks disagree: $message $hint" \
    -n "$n0" "$FENBATCH_MPI" "${a[@]}" "${common[@]}" "$in" \
    : -n "$n1" "$FENBATCH_MPI" "${b[@]}" "${common[@]}" "$in"
}
disagree 1 1 "-d --key fen" "-d --key board" "--key is fen on rank 0 and board on rank 1"
disagree 1 1 "-d" "" "--dedupe is set on rank 0 and not set on rank 1"
disagree 1 1 "" "-d" "--dedupe is not set on rank 0 and set on rank 1"
disagree 2 1 "-d --format epd" "-d --format fen" "--format is epd on rank 0 and fen on rank 2"
disagree 1 2 "--payload" "" "--payload is set on rank 0 and not set on rank 1"
disagree 2 1 "--duplicates dups.txt -d" "--duplicates other.txt -d" \
  "--duplicates is dups.txt on rank 0 and other.txt on rank 2"
disagree 1 2 "-d --max-invalid 5" "-d" "--max-invalid is 5 on rank 0 and not set on rank 1"
disagree 1 1 "-d" "-d --no-mmap" "--no-mmap is not set on rank 0 and set on rank 1"
disagree 1 1 "-d --where pieces>=16" "-d --where pieces>=20" \
  "--where 1 is pieces>=16 on rank 0 and pieces>=20 on rank 1"
# The odd rank in the middle of three.
refused_job "-n 1 -d --key fen : -n 1 -d : -n 1 -d --key fen" \
  "ranks disagree: --key is fen on rank 0 and position on rank 1 $hint" \
  -n 1 "$FENBATCH_MPI" -d --key fen "${common[@]}" "$in" \
  : -n 1 "$FENBATCH_MPI" -d "${common[@]}" "$in" \
  : -n 1 "$FENBATCH_MPI" -d --key fen "${common[@]}" "$in"
finish
