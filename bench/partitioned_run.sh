#!/usr/bin/env bash
# A dedupe run in memory against the same run partitioned on disk (a --memory-limit below what
# the in-memory run needs), in alternation ROUNDS times so that machine noise hits both alike:
# wall time, peak RSS, temporary bytes (the stats JSON's memory.temp_bytes), lines, and whether
# the two outputs are byte-identical. Prints every run, then a markdown table (median/min/max
# seconds, partitioned over in-memory median, the median of the per-round ratios, median peak
# RSS, peak RSS minus the budget, temporary bytes per line and per deferred line).
# Usage: bench/partitioned_run.sh INPUT [--limit SIZE] [--rounds R] [--threads "N..."]
#                                 [--piped] [--counts] [--out DIR]
#   --limit SIZE   the partitioned runs' --memory-limit (K, M, G); default: one eighth of the
#                  in-memory run's peak RSS on the mapped INPUT (measured first, untimed),
#                  rounded down to a MiB, at least 16M
#   --rounds R     runs of each mode (default 5)
#   --threads LIST the -j values to run, each in its own alternation (default "2")
#   --piped        also stream INPUT from a pipe (cat INPUT | fenbatch ... -o OUT), in memory
#                  and partitioned: the last pass then reads a temporary copy of the input
#                  instead of the mapping, and peak RSS holds no page cache of the input
#   --counts       add --counts and --duplicates (their files are compared too)
#   --out DIR      keep times.tsv (mode, threads, round, seconds, peak RSS KiB, temp bytes,
#                  lines, lines before the switch), the stats JSON and outputs of the last round
#                  in DIR; without it a temporary directory is removed at exit
# Environment: FENBATCH (default build/release/apps/fenbatch), FENBATCH_BENCH_RSS (see
# bench/measure.sh, which says how wall time and peak RSS are taken); TMPDIR (where the
# partitioned runs' temporary files go). The outputs go to files in DIR (the runs write them;
# /dev/null cannot be compared). INPUT is read once first to warm the page cache. Timings are
# reported, never checked; a partitioned output that differs from the in-memory one fails.
set -euo pipefail
export LC_ALL=C

die() { echo "partitioned_run.sh: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: partitioned_run.sh INPUT [--limit SIZE] [--rounds R] [--threads LIST] [--piped] [--counts] [--out DIR]"
input=$1
shift
limit='' rounds=5 threads=2 piped=0 counts=0 dir=''
while [ $# -gt 0 ]; do
  case $1 in
    --piped) piped=1; shift; continue ;;
    --counts) counts=1; shift; continue ;;
  esac
  [ $# -ge 2 ] || die "$1 needs a value"
  case $1 in
    --limit) limit=$2 ;;
    --rounds) rounds=$2 ;;
    --threads) threads=$2 ;;
    --out) dir=$2 ;;
    *) die "unknown option '$1' (see the header of this script)" ;;
  esac
  shift 2
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive integer, not '$rounds'"
[[ -z $limit || $limit =~ ^[1-9][0-9]*[KMGkmg]?$ ]] || die "--limit must be a size such as 64M, not '$limit'"
for j in $threads; do [[ $j =~ ^[1-9][0-9]*$ ]] || die "--threads: '$j' is not a thread count"; done
command -v python3 >/dev/null || die "python3 is missing (it reads the stats JSON)"

root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/measure.sh
source "$root/bench/measure.sh"
bench_setup "$input" "$dir" cat cmp stat wc
q() { printf '%q' "$1"; }

cat -- "$input" >/dev/null # warm the page cache
bytes=$(stat -c %s "$input")

# bytes of a size such as 64M (binary, as fenbatch reads it)
size_bytes() {
  local n=${1%[KMGkmg]}
  case $1 in
    *[Kk]) echo $((n << 10)) ;;
    *[Mm]) echo $((n << 20)) ;;
    *[Gg]) echo $((n << 30)) ;;
    *) echo "$n" ;;
  esac
}

if [ -z "$limit" ]; then
  first_j=${threads%% *}
  result=$(measure "$(q "$fenbatch") --dedupe -q -j$first_j $(q "$input") $(q "$outdir/sizing.fen")") ||
    die "the sizing run in memory failed"
  read -r _ rss <<<"$result"
  [ "$rss" != NA ] || die "--limit is needed when peak RSS is not measured (FENBATCH_BENCH_RSS=none)"
  mib=$((rss / 1024 / 8))
  ((mib >= 16)) || mib=16
  limit=${mib}M
  echo "In-memory peak RSS on the mapped input (-j$first_j): $rss KiB; the budget, one eighth: $limit" >&2
  rm -f -- "$outdir/sizing.fen"
fi
limit_bytes=$(size_bytes "$limit")

# command of MODE (memory, partitioned, memory_piped, partitioned_piped) at -jJ
command_of() {
  local mode=$1 j=$2 extra='' source
  case $mode in
    partitioned*) extra="--memory-limit $limit" ;;
  esac
  if ((counts)); then
    extra+=" --counts $(q "$outdir/$mode.counts.tsv") --duplicates $(q "$outdir/$mode.dups.txt")"
  fi
  case $mode in
    *_piped) source="cat $(q "$input") |" ;;
    *) source='' ;;
  esac
  local tail=''
  [[ $mode == *_piped ]] || tail=" $(q "$input")"
  echo "$source $(q "$fenbatch") --dedupe -q -j$j $extra --stats-json $(q "$outdir/$mode.json") -o $(q "$outdir/$mode.fen")$tail"
}

modes=(memory partitioned)
((piped)) && modes+=(memory_piped partitioned_piped)

# temp_bytes lines lines_before_switch dedupe-mode of a stats JSON
stats_of() {
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); m = d["memory"]
print(m["temp_bytes"], d["lines"], m["lines_before_switch"], m["dedupe"])' "$1"
}

tsv=$outdir/times.tsv
printf 'mode\tthreads\tround\tseconds\tpeak_rss_kib\ttemp_bytes\tlines\tlines_before_switch\n' >"$tsv"
echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
loads=()
for j in $threads; do
  for ((r = 1; r <= rounds; ++r)); do
    for mode in "${modes[@]}"; do
      cmd=$(command_of "$mode" "$j")
      result=$(measure "$cmd") || die "failed (round $r): $cmd"
      read -r seconds rss <<<"$result"
      read -r temp lines before dedupe <<<"$(stats_of "$outdir/$mode.json")"
      [[ $mode == memory* && $dedupe != memory ]] && die "$mode run was $dedupe: the machine's default budget is too small"
      [[ $mode == partitioned* && $dedupe != partitioned ]] && die "$mode run stayed in memory: use a smaller --limit"
      printf '%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\n' "$mode" "$j" "$r" "$seconds" "$rss" "$temp" "$lines" "$before" |
        tee -a "$tsv" >&2
    done
    loads+=("$(cut -d' ' -f1 /proc/loadavg)")
  done
done
measure_cleanup

# outputs of the last round, compared
same=identical
for mode in "${modes[@]}"; do
  # a piped run names its input <stdin> in --counts and --duplicates: compared with its own kind
  case $mode in
    memory) continue ;;
    memory_piped) base='' ;;
    partitioned) base=memory ;;
    partitioned_piped) base=memory_piped ;;
  esac
  cmp -s "$outdir/memory.fen" "$outdir/$mode.fen" || same="DIFFERENT ($mode.fen)"
  if ((counts)) && [ -n "$base" ]; then
    cmp -s "$outdir/$base.counts.tsv" "$outdir/$mode.counts.tsv" || same="DIFFERENT ($mode.counts.tsv)"
    cmp -s "$outdir/$base.dups.txt" "$outdir/$mode.dups.txt" || same="DIFFERENT ($mode.dups.txt)"
  fi
done

column() { awk -F'\t' -v m="$1" -v j="$2" -v f="$3" '$1 == m && $2 == j { print $f }' "$tsv"; }
# MODE's seconds over BASE's in each round at -jJ, one a line (the pairs share the machine's mood)
round_ratios() {
  awk -F'\t' -v m="$1" -v b="$2" -v j="$3" '$2 == j && $1 == m { t[$3] = $4 } $2 == j && $1 == b { u[$3] = $4 }
    END { for (r in t) if (r in u) print t[r] / u[r] }' "$tsv"
}

echo "Input: $input ($bytes bytes, $(column memory "${threads%% *}" 7 | head -n 1) lines), budget of the" \
  "partitioned runs --memory-limit $limit, $rounds rounds in alternation, $(nproc) CPUs"
machine_line
echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'), fenbatch: $("$fenbatch" --version 2>&1 | head -n 1)," \
  "load average after each round: ${loads[*]}; TMPDIR=${TMPDIR:-/tmp}"
echo
for mode in "${modes[@]}"; do echo "    $mode: $(command_of "$mode" J)"; done
echo
echo "| mode | -j | median s | min s | max s | / in memory | per round | peak RSS MiB | RSS - budget MiB | temp bytes/line | temp bytes/deferred line |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for j in $threads; do
  for mode in "${modes[@]}"; do
    base=memory
    [[ $mode == *_piped ]] && base=memory_piped
    read -r median low high <<<"$(column "$mode" "$j" 4 | stats)"
    read -r base_median _ _ <<<"$(column "$base" "$j" 4 | stats)"
    read -r rss _ _ <<<"$(column "$mode" "$j" 5 | stats)"
    read -r paired _ _ <<<"$(round_ratios "$mode" "$base" "$j" | stats)"
    temp=$(column "$mode" "$j" 6 | tail -n 1)
    lines=$(column "$mode" "$j" 7 | tail -n 1)
    before=$(column "$mode" "$j" 8 | tail -n 1)
    awk -v n="$mode" -v j="$j" -v m="$median" -v lo="$low" -v hi="$high" -v b="$base_median" -v pr="$paired" \
        -v rss="$rss" -v lim="$limit_bytes" -v t="$temp" -v l="$lines" -v bef="$before" \
        -v part="$([[ $mode == partitioned* ]] && echo 1 || echo 0)" 'BEGIN {
      r = (rss == "NA") ? "n/a" : sprintf("%.0f", rss / 1024)
      over = (rss == "NA" || !part) ? "" : sprintf("%.0f", (rss * 1024 - lim) / 1048576)
      per = part ? sprintf("%.1f", t / l) : ""
      perd = (part && l > bef) ? sprintf("%.1f", t / (l - bef)) : ""
      printf "| %s | %d | %.2f | %.2f | %.2f | %.2fx | %.2fx | %s | %s | %s | %s |\n", n, j, m, lo, hi, m / b, pr, r, over, per, perd }'
  done
done
echo
echo "Partitioned: lines before the switch $(column partitioned "${threads%% *}" 8 | tail -n 1) of" \
  "$(column partitioned "${threads%% *}" 7 | tail -n 1); temporary bytes $(column partitioned "${threads%% *}" 6 | tail -n 1)."
echo "Outputs of the last round$( ((counts)) && echo ' (and --counts, --duplicates)') against the in-memory run: $same."
[[ $same == identical ]] || exit 1
