#!/usr/bin/env bash
# D09: more than 16 pieces of one colour is too_many_pieces (the catalogue's 48-piece line:
# too many of both); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
clear_rows
row too_many_pieces 'rnbqkbnr/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/RNBQKBNR w - - 0 1'
row too_many_pieces 'rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w - - 0 1'
row valid='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1'
check_rows "too many pieces"
check_rows "too many pieces --repair" --repair
finish
