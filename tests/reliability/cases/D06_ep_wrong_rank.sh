#!/usr/bin/env bash
# D06 (strict part): an en-passant square on the wrong rank is invalid by default: e4 after
# 1.e4 and e5 (ep_syntax: only ranks 3 and 6 are well-formed), e3 with white to move and e6
# with black to move (bad_ep_square); the right square is accepted (and written as '-' when no
# capture is legal). SR. (--repair: D06_ep_wrong_rank_repair.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row ep_syntax 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1'
row ep_syntax 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e5 0 2'
row bad_ep_square 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1'
row bad_ep_square 'rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1'
row valid='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
check_rows "ep on the wrong rank"
finish
