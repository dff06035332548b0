#!/usr/bin/env bash
# B06 (decided for fenbatch: operations are tokenised and kept): EPD operations after 4 or 6
# fields, with quoted ';', spaces, \" and \\ escapes, are accepted; --format epd writes them
# back with single spaces; --format fen drops them; an operation is never read as a counter
# ("acd 12;" leaves 0 1; only hmvc/fmvn set counters). Malformed operations are rejected:
# the python-chess corpus line 'a "foo\"bar";; ; b "foo\\\\";' (empty operations),
# a last operation without ';', an unterminated quote. notes.with_operations counts them.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
k4='4k3/8/8/8/8/8/8/4K3 w - -'
clear_rows
row valid="$k4 bm Kd2; id \"x;y\";" "$k4 bm Kd2; id \"x;y\";"
row valid="$k4 id \"a\\\"b\\\\c\";" "$k4 id \"a\\\"b\\\\c\";"
row valid="$k4 acd 12;" "$k4  acd   12 ;"
row valid="$k4 bm Kd2;" "$K bm Kd2;"
row bad_epd_operation "$k4 a \"foo\\\"bar\";; ; b \"foo\\\\\\\\\";"
row bad_halfmove "$k4 id \"x\""
row bad_epd_operation "$k4 id \"x;"
check_rows "EPD operations, --format epd" --format epd
[ "$(json rows.json 's["notes"]["with_operations"]')" = 4 ] || fail "with_operations is not 4"
clear_rows
row valid="$K" "$k4 bm Kd2; id \"x;y\";"
row valid="$K" "$k4 acd 12;"
row valid='4k3/8/8/8/8/8/8/4K3 w - - 7 30' "$k4 hmvc 7; fmvn 30;"
row valid="$K" "$K c0 \"5 6\";"
check_rows "EPD operations, --format fen"
finish
