#!/usr/bin/env bash
# D05 (decided: reject): the catalogue's triple check, two stepping checkers, and a check that
# the ep square rules out are impossible_check; a plain single check is valid; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row impossible_check '4k3/5P2/3N4/8/8/8/4R3/4K3 b - - 0 1'
row impossible_check '8/8/N7/2k5/N7/8/8/3K4 b - - 0 1'
row impossible_check '8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1'
row valid='4k3/8/8/8/8/8/4R3/4K3 b - - 0 1' '4k3/8/8/8/8/8/4R3/4K3 b - - 0 1'
check_rows "impossible checks"
check_rows "impossible checks --repair" --repair
finish
