#!/usr/bin/env bash
# B08 (fenbatch deliberately differs from the catalogue's "reject file letters unless
# --chess960": per issue 2, X-FEN and Shredder-FEN castling letters are accepted always):
# the catalogue's line "... w Gkq - 4 11" is valid and written in X-FEN; "HAha" on standard
# rooks is written "KQkq" and dedupes with it; --castling shredder writes file letters.
# A letter naming no rook is still rejected (bad_castling_rights).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
G='rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11'
R='r3k2r/8/8/8/8/8/8/R3K2R'
clear_rows
row valid="$G" "$G"
row valid="$R w KQkq - 0 1" "$R w HAha - 0 1"
row valid="$R w KQkq - 0 1" "$R w KQkq - 0 1"
row bad_castling_rights '4k3/8/8/8/8/8/8/4K3 w HAha - 0 1'
check_rows "file-letter castling"
"$FENBATCH" -q --dedupe in.fen d.out
[ "$(wc -l <d.out)" = 2 ] || fail "HAha and KQkq did not dedupe: $(cat d.out)"
clear_rows
row valid="${G/Gkq/Gga}" "$G"
row valid="$R w HAha - 0 1" "$R w KQkq - 0 1"
check_rows "file-letter castling, --castling shredder" --castling shredder
finish
