#!/usr/bin/env bash
# B02 (decided: 4 fields are valid, counters 0 1 or from hmvc/fmvn): a 4-field EPD is written
# as 6 fields with "0 1" (or its hmvc/fmvn counters) and counted in notes.epd_records;
# --format epd keeps 4 fields. Dedupe identity (E01): with the default key (position) the 4-field
# line and its 6-field forms are one position; with --key fen the 4-field line equals "0 1" only.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
k4='4k3/8/8/8/8/8/8/4K3 w - -'
clear_rows
row valid="$K" "$k4"
row valid='4k3/8/8/8/8/8/8/4K3 w - - 5 9' "$k4 hmvc 5; fmvn 9;"
check_rows "4-field EPD"
[ "$(json rows.json 's["notes"]["epd_records"]')" = 2 ] || fail "epd_records is not 2"
clear_rows
row valid="$k4" "$k4"
row valid="$k4 hmvc 5; fmvn 9;" "$k4 hmvc 5; fmvn 9;"
check_rows "4-field EPD, --format epd" --format epd
printf '%s\n' "$k4" "$K" "4k3/8/8/8/8/8/8/4K3 w - - 3 7" >d.fen
"$FENBATCH" -q --dedupe d.fen pos.out || fail "dedupe: exit $?"
[ "$(cat pos.out)" = "$K" ] || fail "--key position: $(cat pos.out)"
"$FENBATCH" -q --dedupe --key fen d.fen fen.out || fail "dedupe --key fen: exit $?"
[ "$(cat fen.out)" = "$K"$'\n'"4k3/8/8/8/8/8/8/4K3 w - - 3 7" ] || fail "--key fen: $(cat fen.out)"
finish
