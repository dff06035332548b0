#!/usr/bin/env bash
# D06 (lenient part). Decided for fenbatch (issue 2's grammar): the ep field is "-" or a square
# on rank 3 or 6, so "e4" or "e5" is a syntax error (ep_syntax) in every mode; --repair drops
# and counts (repairs.ep_dropped) an ep square that is well-formed but impossible, e.g. e3 with
# white to move (wrong rank for the side) or one with no pushed pawn in front of it. Malformed
# squares (C07: "e9") stay ep_syntax.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row ep_syntax 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1'
row ep_syntax 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e5 0 2'
row valid='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1' 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1'
row valid='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1'
row ep_syntax 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1'
check_rows "ep squares under --repair" --repair
[ "$(json rows.json 's["repairs"]["ep_dropped"]')" = 2 ] || fail "--repair: ep_dropped is $(json rows.json 's["repairs"]["ep_dropped"]'), expected 2"
finish
