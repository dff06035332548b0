#!/usr/bin/env bash
# Whole-process comparison on one input: fenbatch --dedupe (all threads and -j1) against
# LC_ALL=C sort -u, awk '!seen[$0]++' and wc -l, run in alternation ROUNDS times (default 5)
# so that machine noise hits every tool alike. Prints medians, min/max, ratios to sort -u and
# the median peak RSS as markdown tables, then the counts of each tool's output. Two modes:
# output to /dev/null (compute) and to a file in OUTDIR (end to end, each tool's output
# fsynced: fenbatch does it itself, the others get `sync FILE`).
# Usage: bench/compare.sh INPUT [ROUNDS] [OUTDIR]
# The input should be uncompressed text (all tools read the same bytes); it is read once first
# to warm the page cache. OUTDIR keeps the last round's outputs and times.tsv (mode, tool,
# round, seconds, peak RSS KiB); without OUTDIR a temporary directory is used and removed.
# Environment: FENBATCH (the binary; default build/release/apps/fenbatch), FENBATCH_BENCH_RSS
# (gnu-time, python3 or none: how peak RSS is measured; default: GNU time if /usr/bin/time is
# GNU time, else python3, else none).
# How wall time and peak RSS are taken: bench/measure.sh.
set -euo pipefail
export LC_ALL=C

die() { echo "compare.sh: $*" >&2; exit 2; }
{ [ $# -ge 1 ] && [ $# -le 3 ]; } || die "usage: bench/compare.sh INPUT [ROUNDS] [OUTDIR]"
input=$1
rounds=${2:-5}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive integer, not '$rounds'"
# shellcheck source=bench/measure.sh
source "$(dirname "$0")/measure.sh"
bench_setup "$input" "${3:-}" sort awk wc sync stat cmp

cat "$input" >/dev/null  # warm the page cache
bytes=$(stat -c %s "$input")
lines=$(wc -l <"$input")

declare -A tool
# shellcheck disable=SC2016
{
  tool[fenbatch]="'$fenbatch' --dedupe -q '$input' OUT"
  tool[fenbatch_j1]="'$fenbatch' -j1 --dedupe -q '$input' OUT"
  tool[sort_u]="sort -u '$input' >OUT"
  tool[awk_seen]="awk '!seen[\$0]++' '$input' >OUT"
  tool[wc_l]="wc -l '$input' >OUT"
}
order=(fenbatch fenbatch_j1 sort_u awk_seen wc_l)
label() {
  case $1 in
    fenbatch_j1) echo "fenbatch -j1" ;;
    sort_u) echo "LC_ALL=C sort -u" ;;
    awk_seen) echo "awk !seen[\$0]++" ;;
    wc_l) echo "wc -l" ;;
    *) echo "$1" ;;
  esac
}

tsv=$outdir/times.tsv
printf 'mode\ttool\tround\tseconds\tpeak_rss_kib\n' >"$tsv"
for mode in null file; do
  for ((r = 1; r <= rounds; ++r)); do
    for name in "${order[@]}"; do
      if [ "$mode" = null ]; then
        command=${tool[$name]//OUT//dev/null}
      else
        out="$outdir/$name.out"
        rm -f "$out"
        command="${tool[$name]//OUT/$out}"
        [ "${name#fenbatch}" = "$name" ] && command="$command && sync '$out'"
      fi
      result=$(measure "$command") || die "failed (mode $mode, round $r): $command"
      read -r seconds rss <<<"$result"
      printf '%s\t%s\t%d\t%s\t%s\n' "$mode" "$name" "$r" "$seconds" "$rss" >>"$tsv"
    done
  done
done
measure_cleanup

column() {  # MODE TOOL FIELD: that field of every run of TOOL in MODE
  awk -F'\t' -v m="$1" -v n="$2" -v f="$3" '$1 == m && $2 == n { print $f }' "$tsv"
}

echo "Input: $input ($bytes bytes, $lines lines), $rounds rounds in alternation, $(nproc) CPUs"
machine_line
echo "Date: $(date -u +%Y-%m-%d)"
echo
echo "Commands (OUT: /dev/null, or a file in OUTDIR followed by \`sync OUT\` for the non-fenbatch tools):"
echo
for name in "${order[@]}"; do
  echo "- \`${tool[$name]}\`"
done
for mode in null file; do
  echo
  [ "$mode" = null ] && echo "Output to /dev/null (compute):" || echo "Output to a file, fsynced (end to end):"
  echo
  echo "| tool | median s | min s | max s | MB/s | M lines/s | vs sort -u | peak RSS MB |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  read -r sort_median _ _ <<<"$(column "$mode" sort_u 4 | stats)"
  for name in "${order[@]}"; do
    read -r median low high <<<"$(column "$mode" "$name" 4 | stats)"
    read -r rss _ _ <<<"$(column "$mode" "$name" 5 | stats)"
    awk -v n="$(label "$name")" -v m="$median" -v lo="$low" -v hi="$high" -v b="$bytes" \
        -v l="$lines" -v s="$sort_median" -v rss="$rss" 'BEGIN {
      printf "| %s | %.3f | %.3f | %.3f | %.0f | %.2f | %.2fx | %s |\n", n, m, lo, hi,
             b / 1e6 / m, l / 1e6 / m, s / m, rss == "NA" ? "n/a" : sprintf("%.0f", rss * 1024 / 1e6) }'
  done
done

# Counts, for sanity (not asserted: fenbatch dedupes positions after normalization, so its
# unique count is at most the number of distinct lines).
stats_json=$outdir/fenbatch.stats.json
"$fenbatch" --dedupe -q --stats-json "$stats_json" "$input" /dev/null ||
  die "fenbatch --stats-json run failed"
counts="n/a (python3 missing)"
if command -v python3 >/dev/null; then
  counts=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print("%d unique positions (%d valid, %d invalid, %d skipped lines, %d duplicates dropped)" % (
    d["unique"], d["valid"], d["invalid"], d["skipped"]["blank"] + d["skipped"]["comment"],
    d["duplicates"]))' "$stats_json")
fi
if cmp -s "$outdir/fenbatch.out" "$outdir/fenbatch_j1.out"; then same=identical; else same=DIFFERENT; fi
echo
echo "Counts: $lines lines;" \
  "LC_ALL=C sort -u: $(wc -l <"$outdir/sort_u.out") distinct lines;" \
  "awk: $(wc -l <"$outdir/awk_seen.out") distinct lines;" \
  "fenbatch: $counts, $(wc -l <"$outdir/fenbatch.out") lines written;" \
  "fenbatch and fenbatch -j1 outputs: $same."
case $rss_via in
  gnu-time) echo "Peak RSS: GNU time %M (largest resident set in the tool's process tree), median over rounds." ;;
  python3) echo "Peak RSS: python3 RUSAGE_CHILDREN (GNU time missing; includes a ~10-15 MB interpreter floor), median over rounds." ;;
  none) echo "Peak RSS: not measured (neither GNU time nor python3)." ;;
esac
