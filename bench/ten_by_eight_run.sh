#!/usr/bin/env bash
# Whole runs on a generated 10x8 (X-FEN, Capablanca family) corpus: `fenbatch --dedupe -j1` and
# `-j2` against `LC_ALL=C sort -u` on the same file, output to /dev/null, in alternation ROUNDS
# times so that machine noise hits every tool alike. Prints every run, then a markdown table
# (median/min/max seconds, M lines/s, MB/s, ratio of sort -u's median to each tool's, median peak
# RSS), fenbatch's counts (one --stats-json run) and whether -j1 and -j2 write identical files.
# Usage: bench/ten_by_eight_run.sh [--lines N] [--variant V] [--seed S] [--rounds R]
#                                  [--input FILE] [--out DIR]
#   --lines N    corpus size in lines (default 1000000)
#   --variant V  fenbatch-gen --variant (default capablanca-random; capablanca, gothic, embassy,
#                janus, mixed, ...)
#   --seed S     fenbatch-gen --seed (default 7)
#   --rounds R   runs of each tool (default 5)
#   --input FILE time FILE instead of generating a corpus
#   --out DIR    keep the corpus, times.tsv (tool, round, seconds, peak RSS KiB), stats.json and
#                the two fenbatch outputs in DIR; without it a temporary directory is removed
# Environment: FENBATCH, FENBATCH_GEN (the binaries; default build/release/apps/fenbatch and
# fenbatch-gen), FENBATCH_BENCH_RSS (see bench/measure.sh, which says how time and peak RSS are
# taken). The corpus is read once first to warm the page cache. Timings are reported, never
# checked.
set -euo pipefail
export LC_ALL=C

die() { echo "ten_by_eight_run.sh: $*" >&2; exit 2; }
lines=1000000 variant=capablanca-random seed=7 rounds=5 input='' dir=''
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || die "$1 needs a value"
  case $1 in
    --lines) lines=$2 ;;
    --variant) variant=$2 ;;
    --seed) seed=$2 ;;
    --rounds) rounds=$2 ;;
    --input) input=$2 ;;
    --out) dir=$2 ;;
    *) die "unknown option '$1' (see the header of this script)" ;;
  esac
  shift 2
done
[[ $lines =~ ^[1-9][0-9]*$ ]] || die "--lines must be a positive integer, not '$lines'"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive integer, not '$rounds'"

root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "$dir" ]; then
  mkdir -p "$dir"
else
  dir=$(mktemp -d)
  trap 'rm -rf -- "$dir"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
fi
if [ -z "$input" ]; then
  gen=${FENBATCH_GEN:-$root/build/release/apps/fenbatch-gen}
  [ -x "$gen" ] || die "$gen is missing: build first (cmake --build --preset release)"
  input=$dir/corpus-$variant-$lines.fen
  generate=("$gen" --variant "$variant" --lines "$lines" --seed "$seed" -o "$input")
  echo "Generating: ${generate[*]}" >&2
  "${generate[@]}" || die "fenbatch-gen failed"
fi

# shellcheck source=bench/measure.sh
source "$root/bench/measure.sh"
bench_setup "$input" "$dir" sort awk wc stat cmp

cat -- "$input" >/dev/null  # warm the page cache
bytes=$(stat -c %s "$input")
count=$(wc -l <"$input")

declare -A tool
tool[fenbatch_j1]="'$fenbatch' --dedupe -j1 -q '$input' /dev/null"
tool[fenbatch_j2]="'$fenbatch' --dedupe -j2 -q '$input' /dev/null"
tool[sort_u]="sort -u '$input' >/dev/null"
order=(fenbatch_j1 fenbatch_j2 sort_u)
label() {
  case $1 in
    fenbatch_j1) echo "fenbatch --dedupe -j1" ;;
    fenbatch_j2) echo "fenbatch --dedupe -j2" ;;
    sort_u) echo "LC_ALL=C sort -u" ;;
  esac
}

tsv=$outdir/times.tsv
printf 'tool\tround\tseconds\tpeak_rss_kib\n' >"$tsv"
for ((r = 1; r <= rounds; ++r)); do
  for name in "${order[@]}"; do
    result=$(measure "${tool[$name]}") || die "failed (round $r): ${tool[$name]}"
    read -r seconds rss <<<"$result"
    printf '%s\t%d\t%s\t%s\n' "$name" "$r" "$seconds" "$rss" | tee -a "$tsv" >&2
  done
done
measure_cleanup

column() { awk -F'\t' -v n="$1" -v f="$2" '$1 == n { print $f }' "$tsv"; }

echo "Input: $input ($bytes bytes, $count lines), $rounds rounds in alternation, $(nproc) CPUs"
if [ -n "${generate+set}" ]; then echo "Generated with: \`${generate[*]}\`"; fi
machine_line
echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'), fenbatch: $("$fenbatch" --version 2>&1 | head -n 1)"
echo
echo "| tool | median s | min s | max s | M lines/s | MB/s | sort -u / tool | peak RSS MB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
read -r sort_median _ _ <<<"$(column sort_u 3 | stats)"
for name in "${order[@]}"; do
  read -r median low high <<<"$(column "$name" 3 | stats)"
  read -r rss _ _ <<<"$(column "$name" 4 | stats)"
  awk -v n="$(label "$name")" -v m="$median" -v lo="$low" -v hi="$high" -v b="$bytes" \
      -v l="$count" -v s="$sort_median" -v rss="$rss" 'BEGIN {
    printf "| `%s` | %.3f | %.3f | %.3f | %.2f | %.0f | %.2fx | %s |\n", n, m, lo, hi,
           l / 1e6 / m, b / 1e6 / m, s / m, rss == "NA" ? "n/a" : sprintf("%.0f", rss * 1024 / 1e6) }'
done
read -r j1 _ _ <<<"$(column fenbatch_j1 3 | stats)"
read -r j2 _ _ <<<"$(column fenbatch_j2 3 | stats)"
awk -v a="$j1" -v b="$j2" 'BEGIN { printf "\n-j1 / -j2 (medians): %.2f\n", a / b }'

# Counts and determinism (not timed): one --stats-json run, and -j1 against -j2 to files.
"$fenbatch" --dedupe -q -j1 --stats-json "$outdir/stats.json" "$input" "$outdir/out-j1.fen" ||
  die "fenbatch -j1 run failed"
"$fenbatch" --dedupe -q -j2 "$input" "$outdir/out-j2.fen" || die "fenbatch -j2 run failed"
if cmp -s "$outdir/out-j1.fen" "$outdir/out-j2.fen"; then same=identical; else same=DIFFERENT; fi
echo
echo "Counts: $count lines; LC_ALL=C sort -u: $(sort -u "$input" | wc -l) distinct lines;" \
  "fenbatch: $(wc -l <"$outdir/out-j1.fen") unique positions written; -j1 and -j2 outputs: $same."
if command -v python3 >/dev/null; then
  python3 - "$outdir/stats.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
keys = ("lines", "valid", "invalid", "unique", "duplicates")
print("fenbatch stats: " + ", ".join("%s %s" % (k, d[k]) for k in keys if k in d))
for k, v in d.items():
    if "board" in k:
        print("fenbatch stats %s: %s" % (k, json.dumps(v, sort_keys=True)))
EOF
fi
