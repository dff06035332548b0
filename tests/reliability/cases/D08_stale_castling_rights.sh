#!/usr/bin/env bash
# D08: castling rights without the king or the rook on its home square are
# bad_castling_rights by default; under --repair the stale rights are dropped and counted
# (repairs.castling_dropped) and the rest kept; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
no_rook='rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
two='1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1'
king_moved='r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1'
clear_rows
row bad_castling_rights "$no_rook"
row bad_castling_rights "$two"
row bad_castling_rights "$king_moved"
row bad_castling_rights '4k3/8/8/8/8/8/8/4K3 w K - 0 1'
check_rows "stale castling rights"
clear_rows
row valid="${no_rook/KQkq/KQq}" "$no_rook"
row valid="${two/KQkq/KQq}" "$two"
row valid="${king_moved/KQkq/kq}" "$king_moved"
row valid="$K" '4k3/8/8/8/8/8/8/4K3 w K - 0 1'
check_rows "stale castling rights --repair" --repair
[ "$(json rows.json 's["repairs"]["castling_dropped"]')" = 4 ] || fail "--repair: castling_dropped is not 4"
finish
