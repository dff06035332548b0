#!/usr/bin/env bash
# C03: 7 ranks, 9 ranks, a trailing '/', hundreds of "8/" are rank_count (reported at the 9th
# rank: parsing stops there, no quadratic work); an empty rank "//" is rank_width (0 squares).
# 5,000 lines of 300 ranks are all rejected within 5 s (-j1; exit 1: no valid line). SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row rank_count '4k3/8/8/8/8/8/4K3 w - - 0 1'
row rank_count '4k3/8/8/8/8/8/8/8/4K3 w - - 0 1'
row rank_count '4k3/8/8/8/8/8/8/4K3/ w - - 0 1'
row rank_width '4k3//8/8/8/8/8/4K3 w - - 0 1'
row rank_count "$(printf '8/%.0s' $(seq 300))4k3 w - - 0 1"
row valid="$K" "$K"
check_rows "rank counts"
"$FENBATCH" -q --rejects r.rej -o /dev/null in.fen
[ "$(sed -n 5p r.rej | cut -d: -f2-4)" = "5:16: rank_count" ] || fail "300 ranks: $(sed -n 5p r.rej | cut -c1-40)"
line=$(printf '8/%.0s' $(seq 300))
for _ in $(seq 5000); do printf '%s4k3 w - - 0 1\n' "$line"; done >many.fen
start=$(date +%s%N)
"$FENBATCH" -q -j1 --stats-json m.json -o /dev/null many.fen
status=$?
[ "$status" = 1 ] || fail "many ranks: exit $status, expected 1 (no valid line)"
ms=$((($(date +%s%N) - start) / 1000000))
[ "$(json m.json 's["invalid_by_reason"]["rank_count"]')" = 5000 ] || fail "5,000 lines of 300 ranks not all rank_count"
[ "$ms" -lt 5000 ] || fail "5,000 lines of 300 ranks took $ms ms"
finish
