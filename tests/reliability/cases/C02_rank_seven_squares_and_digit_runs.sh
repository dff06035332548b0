#!/usr/bin/env bash
# C02: a 7-square rank is rank_width; two digits in a row ("35", "44") are rank_syntax by
# default (decided), and under --repair a run covering exactly 8 squares is merged
# (repairs.digit_run) while one covering more ("54": rank_syntax, then rank_width under
# --repair) stays invalid; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
B1='rnbqkbnr/pppppppp'
B2='8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
clear_rows
row rank_width 'rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
row rank_width "$B1/7/$B2"
row rank_syntax "$B1/35/$B2"
row rank_syntax "$B1/44/$B2"
row rank_syntax "$B1/11111111/$B2"
row rank_syntax "$B1/54/$B2"
check_rows "7-square ranks and digit runs"
clear_rows
row rank_width 'rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
row rank_width "$B1/7/$B2"
row valid="$S" "$B1/35/$B2"
row valid="$S" "$B1/44/$B2"
row valid="$S" "$B1/11111111/$B2"
row rank_width "$B1/54/$B2"
check_rows "7-square ranks and digit runs --repair" --repair
[ "$(json rows.json 's["repairs"]["digit_run"]')" = 3 ] || fail "--repair: digit_run is not 3"
finish
