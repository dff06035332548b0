#!/usr/bin/env bash
# I03 (RELIABILITY.md section I; issue 26 item 3), MPI only: ranks started with other inputs
# (`mpirun -n 1 fenbatch-mpi A : -n 1 fenbatch-mpi B`) silently dropped lines (the same
# inputs in another order) or mixed files. Before any work the ranks agree on their inputs
# and --exclude references: their number, their names in order, and what each rank sees at
# each name (type and size: the same name for different files, as on machines that share no
# file system, here ranks started in other directories with -wdir). Every job ends by itself
# with exit 2, one message naming the first difference (the position and each side's name, or
# what each side sees there) and the ranks, nothing on standard output, nothing published, no
# temporary left. At 2 and 3 ranks. The sizes in the messages come from stat(1).
. "$RUNS_DIR/compare.sh"
. "$RUNS_DIR/refused_job.sh"
# Each of the 8 runs well inside the case's ctest TIMEOUT (300 s) even if all hung.
RUN_TIMEOUT=30
"$FENBATCH_GEN" -n 3000 --seed 81 -o a.fen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n 2000 --seed 82 -o b.fen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n 1000 --seed 83 -o c.fen || die "fenbatch-gen failed"
a=$PWD/a.fen b=$PWD/b.fen c=$PWD/c.fen
# The same name, different files: one.fen in one/ and two/ (a.fen's and b.fen's lines).
mkdir one two && cp a.fen one/same.fen && cp b.fen two/same.fen && cp c.fen one/ref.epd &&
  cp a.fen two/ref.epd || die "cannot set up one/ and two/"
size_of() { stat -c %s "$1"; }
hint="(every rank must be given the same options and inputs)"
out=(-d --rejects rejects.txt --counts counts.tsv --stats-json stats.json -o out.fen)
# job N0 'INPUTS0' N1 'INPUTS1' MESSAGE [MPIRUN_OPTIONS0 [MPIRUN_OPTIONS1]]
job() {
  local n0=$1 n1=$3 message=$5
  local -a in0 in1 opt0 opt1
  read -r -a in0 <<<"$2"
  read -r -a in1 <<<"$4"
  read -r -a opt0 <<<"${6:-}"
  read -r -a opt1 <<<"${7:-}"
  refused_job "-n $n0 ${opt0[*]} $2 : -n $n1 ${opt1[*]} $4" "ranks disagree: $message $hint" \
    -n "$n0" "${opt0[@]}" "$FENBATCH_MPI" "${out[@]}" "${in0[@]}" \
    : -n "$n1" "${opt1[@]}" "$FENBATCH_MPI" "${out[@]}" "${in1[@]}"
}
echo "== a different input"
job 1 "$a" 1 "$b" "input 1 is $a on rank 0 and $b on rank 1"
echo "== the same inputs in another order"
job 2 "$a $b $c" 1 "$a $c $b" "input 2 is $b on rank 0 and $c on rank 2"
job 1 "$a $b" 2 "$b $a" "input 1 is $a on rank 0 and $b on rank 1"
echo "== another number of inputs"
job 1 "$a $b" 1 "$a $b $c" "the number of inputs is 2 on rank 0 and 3 on rank 1"
job 2 "$a $b $c" 1 "$a $b" "the number of inputs is 3 on rank 0 and 2 on rank 2"
echo "== the same name, another file (ranks in other directories)"
job 1 "same.fen" 2 "same.fen" "input 1 (same.fen) is a regular file of $(size_of one/same.fen) bytes on rank 0 and a regular file of $(size_of two/same.fen) bytes on rank 1" \
  "-wdir $PWD/one" "-wdir $PWD/two"
echo "== an --exclude reference: another file at the same name, absent on one rank"
out+=(--exclude ref.epd)
job 1 "$a" 1 "$a" "--exclude reference 1 (ref.epd) is a regular file of $(size_of one/ref.epd) bytes on rank 0 and a regular file of $(size_of two/ref.epd) bytes on rank 1" \
  "-wdir $PWD/one" "-wdir $PWD/two"
job 2 "$a" 1 "$a" "--exclude reference 1 (ref.epd) is a regular file of $(size_of one/ref.epd) bytes on rank 0 and unreachable (No such file or directory) on rank 2" \
  "-wdir $PWD/one" "-wdir $PWD"
# (Ranks started in one/ and two/ would have written there.)
[ "$(ls -A one | tr '\n' ' ')" = "ref.epd same.fen " ] || fail "written in one/: $(ls -A one)"
[ "$(ls -A two | tr '\n' ' ')" = "ref.epd same.fen " ] || fail "written in two/: $(ls -A two)"
finish
