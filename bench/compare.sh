#!/usr/bin/env bash
# Whole-process comparison on one input: fenbatch --dedupe (all threads and -j1) against
# LC_ALL=C sort -u, awk '!seen[$0]++' and wc -l, run in alternation ROUNDS times (default 5)
# so that machine noise hits every tool alike. Prints medians, min/max and ratios to sort -u
# as a markdown table. Two modes: output to /dev/null (compute) and to a file in OUTDIR
# (end to end, each tool's output fsynced: fenbatch does it itself, the others get `sync FILE`).
# Usage: bench/compare.sh INPUT [ROUNDS] [OUTDIR]
# The input should be uncompressed text (all tools read the same bytes) and in the page cache.
set -euo pipefail
input=$1
rounds=${2:-5}
outdir=${3:-$(mktemp -d)}
mkdir -p "$outdir"
fenbatch=${FENBATCH:-$(dirname "$0")/../build/release/apps/fenbatch}
[ -x "$fenbatch" ] || { echo "build first: cmake --build --preset release" >&2; exit 2; }
export LC_ALL=C

cat "$input" >/dev/null  # warm the page cache
bytes=$(stat -c %s "$input")
lines=$(wc -l <"$input")

declare -A tool
tool[fenbatch]="'$fenbatch' --dedupe -q '$input' OUT"
tool[fenbatch_j1]="'$fenbatch' -j1 --dedupe -q '$input' OUT"
tool[sort_u]="sort -u '$input' >OUT"
tool[awk_seen]="awk '!seen[\$0]++' '$input' >OUT"
tool[wc_l]="wc -l '$input' >OUT"
order=(fenbatch fenbatch_j1 sort_u awk_seen wc_l)

now() { date +%s.%N; }
declare -A times
for mode in null file; do
  for ((r = 1; r <= rounds; ++r)); do
    for name in "${order[@]}"; do
      if [ "$mode" = null ]; then
        out=/dev/null
        command=${tool[$name]//OUT//dev/null}
      else
        out="$outdir/$name.out"
        rm -f "$out"
        command="${tool[$name]//OUT/$out}"
        [ "${name#fenbatch}" = "$name" ] && command="$command && sync '$out'"
      fi
      start=$(now)
      bash -c "$command"
      end=$(now)
      times[$mode.$name]+="$(echo "$end - $start" | bc -l) "
    done
  done
done

stats() {  # median min max of a list of numbers
  tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{v[NR]=$1} END {
    m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2; printf "%.3f %.3f %.3f", m, v[1], v[NR] }'
}

echo "Input: $input ($bytes bytes, $lines lines), $rounds rounds in alternation, $(nproc) CPUs"
echo "Machine: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "Date: $(date -u +%Y-%m-%d)"
for mode in null file; do
  echo
  [ "$mode" = null ] && echo "Output to /dev/null (compute):" || echo "Output to a file, fsynced (end to end):"
  echo
  echo "| tool | median s | min s | max s | MB/s | M lines/s | vs sort -u |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  read -r sort_median _ _ <<<"$(stats "${times[$mode.sort_u]}")"
  for name in "${order[@]}"; do
    read -r median low high <<<"$(stats "${times[$mode.$name]}")"
    awk -v n="$name" -v m="$median" -v lo="$low" -v hi="$high" -v b="$bytes" -v l="$lines" \
        -v s="$sort_median" 'BEGIN {
      label = n; gsub("_j1", " -j1", label); gsub("sort_u", "LC_ALL=C sort -u", label);
      gsub("awk_seen", "awk !seen[$0]++", label); gsub("wc_l", "wc -l", label);
      printf "| %s | %.3f | %.3f | %.3f | %.0f | %.2f | %.2fx |\n", label, m, lo, hi,
             b / 1e6 / m, l / 1e6 / m, s / m }'
  done
done
