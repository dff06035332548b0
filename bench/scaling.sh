#!/usr/bin/env bash
# Thread scaling of `fenbatch --dedupe` on one input: -jN for each N in THREADS, to /dev/null,
# in alternation ROUNDS times (default 3) so that machine noise hits every count alike. Prints a
# markdown table (median/min/max seconds, M lines/s, MB/s, speed-up and efficiency against the
# smallest N, median peak RSS) and fenbatch's counts from one --stats-json run.
# Usage: bench/scaling.sh INPUT [ROUNDS] [THREADS] [OUTDIR]
#   THREADS  thread counts, space-separated (default "1 2 4 8 16"); counts above the CPUs this
#            process may use are dropped with a note (fenbatch caps -j there anyway)
#   OUTDIR   keeps times.tsv (threads, round, seconds, peak RSS KiB) and stats.json; without it a
#            temporary directory is used and removed
# Environment: FENBATCH (the binary; default build/release/apps/fenbatch), FENBATCH_BENCH_RSS
# (see bench/measure.sh, which also says how time and peak RSS are taken).
# The input should be uncompressed and fit in memory: it is read once first to warm the page
# cache. Timings are reported, never checked.
set -euo pipefail
export LC_ALL=C

die() { echo "scaling.sh: $*" >&2; exit 2; }
{ [ $# -ge 1 ] && [ $# -le 4 ]; } || die "usage: bench/scaling.sh INPUT [ROUNDS] [THREADS] [OUTDIR]"
input=$1
rounds=${2:-3}
requested=${3:-1 2 4 8 16}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive integer, not '$rounds'"
[[ $requested =~ ^[1-9][0-9]*( [1-9][0-9]*)*$ ]] ||
  die "THREADS must be positive integers separated by spaces, not '$requested'"
# shellcheck source=bench/measure.sh
source "$(dirname "$0")/measure.sh"
bench_setup "$input" "${4:-}" sort awk wc stat nproc

cpus=$(nproc)
threads=()
for n in $requested; do
  if [ "$n" -le "$cpus" ]; then
    threads+=("$n")
  else
    echo "scaling.sh: dropping -j$n: only $cpus CPUs usable here" >&2
  fi
done
[ "${#threads[@]}" -gt 0 ] || die "no thread count left (usable CPUs: $cpus)"

cat "$input" >/dev/null  # warm the page cache
bytes=$(stat -c %s "$input")
lines=$(wc -l <"$input")

tsv=$outdir/times.tsv
printf 'threads\tround\tseconds\tpeak_rss_kib\n' >"$tsv"
for ((r = 1; r <= rounds; ++r)); do
  for n in "${threads[@]}"; do
    command="'$fenbatch' -j$n --dedupe -q '$input' /dev/null"
    result=$(measure "$command") || die "failed (round $r): $command"
    read -r seconds rss <<<"$result"
    printf '%s\t%d\t%s\t%s\n' "$n" "$r" "$seconds" "$rss" >>"$tsv"
  done
done
measure_cleanup

column() {  # THREADS FIELD: that field of every run with THREADS
  awk -F'\t' -v n="$1" -v f="$2" 'NR > 1 && $1 == n { print $f }' "$tsv"
}

echo "Input: $input ($bytes bytes, $lines lines), $rounds rounds in alternation, $cpus CPUs"
machine_line
echo "Date: $(date -u +%Y-%m-%d)"
echo "Command: \`$fenbatch -jN --dedupe -q INPUT /dev/null\`"
echo
echo "| threads | median s | min s | max s | M lines/s | MB/s | speed-up | efficiency | peak RSS MB |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
read -r base _ _ <<<"$(column "${threads[0]}" 3 | stats)"
for n in "${threads[@]}"; do
  read -r median low high <<<"$(column "$n" 3 | stats)"
  read -r rss _ _ <<<"$(column "$n" 4 | stats)"
  awk -v n="$n" -v n0="${threads[0]}" -v m="$median" -v lo="$low" -v hi="$high" -v b="$bytes" \
      -v l="$lines" -v base="$base" -v rss="$rss" 'BEGIN {
    printf "| %d | %.3f | %.3f | %.3f | %.1f | %.0f | %.2fx | %.0f%% | %s |\n", n, m, lo, hi,
           l / 1e6 / m, b / 1e6 / m, base / m, 100 * base / m / (n / n0),
           rss == "NA" ? "n/a" : sprintf("%.0f", rss * 1024 / 1e6) }'
done
echo
echo "Speed-up: median time at -j${threads[0]} over median time at -jN; efficiency: speed-up over N/${threads[0]}."

stats_json=$outdir/stats.json
"$fenbatch" "-j${threads[-1]}" --dedupe -q --stats-json "$stats_json" "$input" /dev/null ||
  die "fenbatch --stats-json run failed"
if command -v python3 >/dev/null; then
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print("Counts (fenbatch --stats-json): %d valid, %d invalid, %d unique positions, %d duplicates dropped." % (
    d["valid"], d["invalid"], d["unique"], d["duplicates"]))' "$stats_json"
fi
