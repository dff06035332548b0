#!/usr/bin/env bash
# --uniqueness (issue 28) in fenbatch-mpi: with --dedupe, --where and --exclude over mixed 8x8 and
# 10x8 inputs that repeat each other's lines, over 1 to 3 ranks: the output, rejects and counts
# the same as fenbatch's in every byte (compare.sh); then the statistics of 3 ranks the same as
# fenbatch's but for uniqueness, where each rank's sketches were merged on rank 0: every identity
# an estimate (exact: false) within 3 relative standard errors of fenbatch's exact count, but
# --key's, which is unique, exact.
. "$RUNS_DIR/compare.sh"
lines=4000
[ "${SANITIZED:-0}" = 1 ] && lines=800
"$FENBATCH_GEN" -n "$lines" --seed 41 --variant mixed -o a.fen || die "fenbatch-gen failed"
"$FENBATCH_GEN" -n "$lines" --seed 42 -o b.gen || die "fenbatch-gen failed"
{ head -n 700 a.fen; echo 'invalid in b'; cat b.gen; } >b.fen
head -n 300 b.gen >ref.fen
options=(--uniqueness -d --where 'pieces >= 20' --exclude "$PWD/ref.fen")
compare_runs "1 2 3" "${options[@]}" --rejects rejects.txt --counts counts.tsv -o out.fen \
  "$PWD/a.fen" "$PWD/b.fen"
run_in ref "$FENBATCH" "${options[@]}" --stats-json stats.json -o out.fen "$PWD/a.fen" "$PWD/b.fen"
# shellcheck disable=SC2086  # MPIRUN is a command and its flags
run_in mpi-3 $MPIRUN -n 3 "$FENBATCH_MPI" "${options[@]}" --stats-json stats.json -o out.fen \
  "$PWD/a.fen" "$PWD/b.fen"
[ "$(cat mpi-3.status)" = 0 ] || die "fenbatch-mpi -n 3 --uniqueness: exit $(cat mpi-3.status)"
"$PY" - ref/stats.json mpi-3/stats.json <<'PY' || fail "uniqueness over 3 ranks"
import json, sys
single, merged = (json.load(open(path)) for path in sys.argv[1:3])
failures = []
for name, exact in single["uniqueness"].items():
    got = merged["uniqueness"][name]
    if name == "position":  # --key's: unique, exact in both
        if got != exact or exact["distinct"] != single["unique"]:
            failures.append(f"{name}: {got}, fenbatch {exact}, unique {single['unique']}")
        continue
    error = abs(got["distinct"] - exact["distinct"]) / exact["distinct"]
    if not exact["exact"] or got["exact"] or error > 3 * got["relative_standard_error"]:
        failures.append(f"{name}: {got}, fenbatch {exact}")
for document in (single, merged):
    for member in ("uniqueness", "wall_seconds", "mb_per_second", "positions_per_second",
                   "threads", "memory", "distribution"):
        document.pop(member, None)
if single != merged:
    failures.append("the statistics less uniqueness differ")
print("\n".join(failures))
sys.exit(1 if failures else 0)
PY
finish
