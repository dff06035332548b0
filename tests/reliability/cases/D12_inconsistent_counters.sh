#!/usr/bin/env bash
# D12 (decided for fenbatch: counted and kept; there is no --strict): an ep square with a
# nonzero halfmove clock, and more reversible plies than plies played, are valid lines, written
# with their counters, and counted in notes.counters_inconsistent; consistent lines are not
# counted; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row valid='rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 5 3' 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 5 3'
row valid='4k3/8/8/8/8/8/8/4K3 w - - 50 1' '4k3/8/8/8/8/8/8/4K3 w - - 50 1'
row valid='4k3/8/8/8/8/8/8/4K3 w - - 50 40' '4k3/8/8/8/8/8/8/4K3 w - - 50 40'
row valid="$S" "$S"
check_rows "inconsistent counters"
[ "$(json rows.json 's["notes"]["counters_inconsistent"]')" = 2 ] ||
  fail "counters_inconsistent is $(json rows.json 's["notes"]["counters_inconsistent"]'), expected 2"
finish
