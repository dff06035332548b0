#!/usr/bin/env bash
# fenbatch on one process against fenbatch-mpi on N ranks, the same job, in alternation ROUNDS
# times so that the noise of a shared machine hits both alike: `fenbatch -jJ ARGS -o OUT INPUT`
# then `mpirun -n N fenbatch-mpi -jK ARGS -o OUT INPUT`. Both write a real output file (rank 0
# writes fenbatch-mpi's, after joining every rank's part), removed after each run. Prints every
# run, then a markdown table (median/min/max seconds, the ratio of the medians and the median of
# the per-round ratios, peak RSS: the process for fenbatch, the largest rank for fenbatch-mpi),
# the bytes exchanged and joined per line (the stats JSON's `distribution` member), the load
# average after each round, and whether the last round's outputs are byte-identical.
# Usage: bench/mpi_run.sh INPUT [-j J] [-n N] [-k K] [--rounds R] [--bind POLICY]
#                        [--counts] [--out DIR] [-- ARGS...]
#   -j J           fenbatch's threads (default 2)
#   -n N           MPI ranks (default 2; more than the CPUs adds --oversubscribe)
#   -k K           threads per rank (fenbatch-mpi -jK; default 1)
#   --rounds R     runs of each (default 5)
#   --bind POLICY  mpirun --bind-to POLICY: core (Open MPI's default for 2 ranks), none, ...
#                  (default: mpirun's own default, no --bind-to given)
#   --counts       add --counts and --duplicates (files in DIR, compared too): origins travel
#   --out DIR      keep times.tsv, the last round's stats JSON and outputs in DIR; without it
#                  a temporary directory is removed at exit
#   ARGS           options of both before the output (default: --dedupe -q)
# Environment: FENBATCH (default build/release/apps/fenbatch), FENBATCH_MPI (default
# build/release/apps/fenbatch-mpi), MPIRUN (default mpirun), MPIRUN_ARGS (extra mpirun
# options; --allow-run-as-root is added when run as root). Wall time as bench/measure.sh takes
# it, around the whole mpirun (starting mpirun and its ranks included: about 0.1 s here; and
# MPI_Init: Open MPI 4.1 picks its UCX pml by default, whose start took 0.2 s more on the 2-vCPU
# VM of issue 31, 0.03 s with MPIRUN_ARGS='--mca pml ob1', the shared-memory path). Peak
# RSS per rank: GNU time inside mpirun, around each rank. INPUT is read once first to warm the
# page cache. Timings are reported, never checked; different outputs fail (exit 1).
set -euo pipefail
export LC_ALL=C

die() { echo "mpi_run.sh: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: mpi_run.sh INPUT [-j J] [-n N] [-k K] [--rounds R] [--bind POLICY] [--counts] [--out DIR] [-- ARGS...]"
input=$1
shift
j=2 n=2 k=1 rounds=5 bind='' counts=0 dir=''
args=(--dedupe -q)
while [ $# -gt 0 ]; do
  case $1 in
    --counts) counts=1; shift; continue ;;
    --) shift; args=("$@"); break ;;
  esac
  [ $# -ge 2 ] || die "$1 needs a value"
  case $1 in
    -j) j=$2 ;;
    -n) n=$2 ;;
    -k) k=$2 ;;
    --rounds) rounds=$2 ;;
    --bind) bind=$2 ;;
    --out) dir=$2 ;;
    *) die "unknown option '$1' (see the header of this script)" ;;
  esac
  shift 2
done
for v in "$j" "$n" "$k" "$rounds"; do
  [[ $v =~ ^[1-9][0-9]*$ ]] || die "-j, -n, -k and --rounds take positive integers, not '$v'"
done
/usr/bin/time --version 2>&1 | grep -q GNU || die "GNU time (/usr/bin/time) is needed for the ranks' peak RSS"
command -v python3 >/dev/null || die "python3 is missing (it reads the stats JSON)"

root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/measure.sh
source "$root/bench/measure.sh"
FENBATCH_BENCH_RSS=gnu-time bench_setup "$input" "$dir" cmp stat "${MPIRUN:-mpirun}"
mpi=${FENBATCH_MPI:-$root/build/release/apps/fenbatch-mpi}
[ -x "$mpi" ] || die "$mpi is missing: build first (cmake --build --preset release)"
q() { printf '%q' "$1"; }

mpirun_line="$(q "${MPIRUN:-mpirun}") -n $n"
[ "$(id -u)" = 0 ] && mpirun_line+=' --allow-run-as-root'
(( n > $(nproc) )) && mpirun_line+=' --oversubscribe'
[ -n "$bind" ] && mpirun_line+=" --bind-to $(q "$bind")"
[ -n "${MPIRUN_ARGS:-}" ] && mpirun_line+=" $MPIRUN_ARGS"

# the command of WHICH (single, mpi): both write OUT, stats JSON, and with --counts the side files
command_of() {
  local which=$1 extra
  extra="--stats-json $(q "$outdir/$1.json")"
  ((counts)) && extra+=" --counts $(q "$outdir/$1.counts.tsv") --duplicates $(q "$outdir/$1.dups.txt")"
  local a='' x
  for x in "${args[@]}"; do a+=" $(q "$x")"; done
  if [ "$which" = single ]; then
    echo "$(q "$fenbatch") -j$j$a $extra -o $(q "$outdir/single.out") $(q "$input")"
  else
    # each rank under GNU time, its peak RSS into rss.RANK
    echo "$mpirun_line sh -c 'exec /usr/bin/time -f %M -o \"\$0.\$OMPI_COMM_WORLD_RANK\" \"\$@\"'" \
      "$(q "$outdir/rss") $(q "$mpi") -j$k$a $extra -o $(q "$outdir/mpi.out") $(q "$input")"
  fi
}

# bytes_exchanged bytes_joined lines of the mpi run's stats JSON
distribution_of() {
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); x = d.get("distribution", {})
print(x.get("bytes_exchanged", "NA"), x.get("bytes_joined", "NA"), d["lines"])' "$1"
}

cat -- "$input" >/dev/null # warm the page cache
tsv=$outdir/times.tsv
printf 'which\tround\tseconds\tpeak_rss_kib\n' >"$tsv"
echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
loads=()
same=identical
for ((r = 1; r <= rounds; ++r)); do
  for which in single mpi; do
    rm -f -- "$outdir"/rss.*
    cmd=$(command_of "$which")
    result=$(measure "$cmd") || die "failed (round $r): $cmd"
    read -r seconds rss <<<"$result"
    if [ "$which" = mpi ]; then # the largest rank (measure's figure is mpirun's own tree)
      rss=$(cat "$outdir"/rss.* | sort -n | tail -n 1)
      ranks_rss=$(for f in "$outdir"/rss.*; do printf '%s=%s ' "${f##*.}" "$(tail -n 1 "$f")"; done)
    fi
    printf '%s\t%d\t%s\t%s\n' "$which" "$r" "$seconds" "$rss" | tee -a "$tsv" >&2
  done
  [ "$which" = mpi ] && echo "  ranks' peak RSS KiB: $ranks_rss" >&2
  if ((r == rounds)); then # the last round's outputs, compared, kept with --out
    cmp -s "$outdir/single.out" "$outdir/mpi.out" || same="DIFFERENT (output)"
    if ((counts)); then
      cmp -s "$outdir/single.counts.tsv" "$outdir/mpi.counts.tsv" || same="DIFFERENT (counts)"
      cmp -s "$outdir/single.dups.txt" "$outdir/mpi.dups.txt" || same="DIFFERENT (duplicates)"
    fi
  fi
  if ((r < rounds)) || [ -z "$dir" ]; then
    rm -f -- "$outdir"/single.out "$outdir"/mpi.out "$outdir"/*.counts.tsv "$outdir"/*.dups.txt
  fi
  loads+=("$(cut -d' ' -f1 /proc/loadavg)")
done
measure_cleanup

column() { awk -F'\t' -v w="$1" -v f="$2" '$1 == w { print $f }' "$tsv"; }
round_ratios() {
  awk -F'\t' '$1 == "mpi" { m[$2] = $3 } $1 == "single" { s[$2] = $3 }
    END { for (r in m) if (r in s) print m[r] / s[r] }' "$tsv"
}
read -r exchanged joined lines <<<"$(distribution_of "$outdir/mpi.json")"

echo "Input: $input ($(stat -c %s "$input") bytes, $lines lines), $rounds rounds in alternation, $(nproc) CPUs"
machine_line
echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'), fenbatch: $("$fenbatch" --version 2>&1 | head -n 1)," \
  "load average after each round: ${loads[*]}"
echo
echo "    single: $(command_of single | sed "s|$outdir|DIR|g")"
echo "    mpi:    $(command_of mpi | sed "s|$outdir|DIR|g")"
echo
echo "| run | median s | min s | max s | / fenbatch (medians) | / fenbatch (per round, median) | peak RSS MiB (largest rank) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
read -r sm slo shi <<<"$(column single 3 | stats)"
read -r mm mlo mhi <<<"$(column mpi 3 | stats)"
read -r pr _ _ <<<"$(round_ratios | stats)"
read -r srss _ _ <<<"$(column single 4 | stats)"
read -r mrss _ _ <<<"$(column mpi 4 | stats)"
awk -v sm="$sm" -v slo="$slo" -v shi="$shi" -v mm="$mm" -v mlo="$mlo" -v mhi="$mhi" -v pr="$pr" \
    -v sr="$srss" -v mr="$mrss" -v j="$j" -v n="$n" -v k="$k" 'BEGIN {
  printf "| `fenbatch -j%d` | %.2f | %.2f | %.2f | 1.00x | 1.00x | %.0f |\n", j, sm, slo, shi, sr / 1024
  printf "| `mpirun -n %d fenbatch-mpi -j%d` | %.2f | %.2f | %.2f | %.2fx | %.2fx | %.0f |\n", n, k, mm, mlo, mhi, mm / sm, pr, mr / 1024 }'
echo
awk -v e="$exchanged" -v b="$joined" -v l="$lines" 'BEGIN {
  if (e == "NA" || l == 0) { print "No distribution member in the stats JSON."; exit }
  printf "Bytes exchanged %d (%.1f per line), bytes joined on rank 0 %d (%.1f per line).\n", e, e / l, b, b / l }'
echo "Outputs of the last round$( ((counts)) && echo ' (and --counts, --duplicates)'): $same."
[[ $same == identical ]] || exit 1
