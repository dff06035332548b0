#!/usr/bin/env bash
# D07: an ep square with no pushed pawn in front of it, or with the square itself or the
# pawn's origin occupied, is bad_ep_square by default; under --repair the square is dropped
# and counted (repairs.ep_dropped); an ep square with a pushed pawn but no legal capture is
# valid and written as '-' (E02); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
no_pawn='rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
target_occupied='rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/R1BQKBNR b KQkq e3 0 1'
origin_occupied='rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1'
pushed='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
clear_rows
row bad_ep_square "$no_pawn"
row bad_ep_square "$target_occupied"
row bad_ep_square "$origin_occupied"
row valid="${pushed/e3/-}" "$pushed"
check_rows "ep without its pawn"
clear_rows
row valid="${no_pawn/e3/-}" "$no_pawn"
row valid="${target_occupied/e3/-}" "$target_occupied"
row valid="${origin_occupied/e3/-}" "$origin_occupied"
row valid="${pushed/e3/-}" "$pushed"
check_rows "ep without its pawn --repair" --repair
[ "$(json rows.json 's["repairs"]["ep_dropped"]')" = 3 ] || fail "--repair: ep_dropped is not 3"
finish
