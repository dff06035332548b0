#!/usr/bin/env bash
# Two fenbatch binaries on the same job in alternation (old, new, old, new, ...), so that the
# noise of a shared machine hits both alike: the way this project compares a change with its
# baseline. Prints every run and a markdown table (median, min, max seconds per binary, and the
# ratio of the medians, new / old).
# Usage: bench/alternate.sh OLD NEW INPUT [ROUNDS] [-- ARGS...]
#   ROUNDS  runs of each binary (default 7)
#   ARGS    fenbatch's arguments before INPUT (default: --dedupe -q); the output is /dev/null
# Environment: FENBATCH_BENCH_RSS (see bench/measure.sh, which says how time is taken).
# The input is read once first to warm the page cache. Timings are reported, never checked.
set -euo pipefail
export LC_ALL=C

die() { echo "alternate.sh: $*" >&2; exit 2; }
[ $# -ge 3 ] || die "usage: bench/alternate.sh OLD NEW INPUT [ROUNDS] [-- ARGS...]"
old=$1 new=$2 input=$3
shift 3
rounds=7
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  rounds=$1
  shift
fi
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive integer, not '$rounds'"
args=(--dedupe -q)
if [ $# -gt 0 ]; then
  [ "$1" = "--" ] || die "unexpected '$1' (ARGS follow --)"
  shift
  args=("$@")
fi
for binary in "$old" "$new"; do
  [ -x "$binary" ] || die "$binary: not an executable"
done
# shellcheck source=bench/measure.sh
source "$(dirname "$0")/measure.sh"
FENBATCH=$new bench_setup "$input" "" sort awk

cat -- "$input" >/dev/null
times=$outdir/times.tsv
: >"$times"
for ((round = 1; round <= rounds; round++)); do
  for which in old new; do
    binary=$old
    [ "$which" = new ] && binary=$new
    printf -v command '%q ' "$binary" "${args[@]}" "$input" /dev/null
    read -r seconds _ < <(measure "$command")
    printf '%s\t%d\t%s\n' "$which" "$round" "$seconds" | tee -a "$times" >&2
  done
done

seconds_of() { awk -F'\t' -v w="$1" '$1 == w { print $3 }' "$times"; }
read -r old_median old_min old_max < <(seconds_of old | stats)
read -r new_median new_min new_max < <(seconds_of new | stats)
echo "| binary | median s | min s | max s |"
echo "|---|---:|---:|---:|"
printf '| old: `%s` | %.3f | %.3f | %.3f |\n' "$old" "$old_median" "$old_min" "$old_max"
printf '| new: `%s` | %.3f | %.3f | %.3f |\n' "$new" "$new_median" "$new_min" "$new_max"
awk -v o="$old_median" -v n="$new_median" -v r="$rounds" -v a="${args[*]}" 'BEGIN {
  printf "\nnew / old (medians): %.3f, %d rounds each in alternation, `fenbatch %s INPUT /dev/null`\n", n / o, r, a }'
