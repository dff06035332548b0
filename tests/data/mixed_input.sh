#!/usr/bin/env bash
# Writes the mixed golden input (35 lines) to stdout: valid 6-field FEN, 4-field EPD, EPD with
# operations, CRLF lines, blank and comment lines, a BOM at the start, invalid lines with
# different reasons (and the 1-based column each is detected at), duplicates, and ep squares
# with and without a legal capture. Written with printf because of the odd bytes (BOM, CR,
# NUL, 0xE9); the golden files of the mixed_* CLI cases are derived by hand from these lines.
# Usage: bash mixed_input.sh >mixed.fen
set -eu
line() { printf '%s\n' "$1"; }

printf '\357\273\277'                                    # 1: UTF-8 BOM, then the start position
line 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
line '# fenbatch test input: comments and blank lines are skipped'   # 2
line ''                                                              # 3
line 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3'      # 4: EPD, ep not capturable
line 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -  bm  Bb5 ;id "test 1";' # 5
printf '%s\r\n' 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - hmvc 1; fmvn 2;' # 6
printf '%s\r\n' $'  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w KQkq -  5 0 \t' # 7: dup of 1
line 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'  # 8: dup of 4
line 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3' # 9: legal ep capture
line '8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2'                             # 10: ep capture pinned
line 'bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w HFhf - 0 1'     # 11: Chess960, Shredder
line 'r3k2r/8/8/8/8/8/8/4K1RR w Gq - 007 010'                       # 12: inner rook right
printf ' \t \n'                                                      # 13: blank
line '    # indented comment'                                        # 14
line 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq'           # 15: field_count:51
line 'rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'      # 16: rank_width:17
line 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'     # 17: bad_side:45
line '   8/8/8/8/8/8/8/8 w - - 0 1'                                  # 18: missing_king:4
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\351 w KQkq - 0 1\n'     # 19: non_ascii:43
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\r 0 1\n'      # 20: control_char:53
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\000\n'    # 21: nul_byte:57
printf '\357\273\277rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' # 22: misplaced_bom:1
line 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Bb5; id' # 23: bad_epd_operation:64
line 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra' # 24: trailing_garbage:58
line '4k3/8/8/8/8/8/8/4R1K1 w - - 0 1'                              # 25: opposite_check:24
line 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'   # 26: variant_syntax:44
line 'rnbqkbnr\pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'     # 27: bad_piece_char:9
line "$(printf 'x%.0s' $(seq 250))"                                  # 28: bad_piece_char:1
line 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'    # 29: rank_syntax:20
line 'r3k2r/8/8/8/8/8/8/R3K2R w QKkq - 0 1'                         # 30: castling_order:30
line '4k3/8/8/8/8/8/8/4K2R w KQ - 0 1'                              # 31: bad_castling_rights:25
line 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1'    # 32: bad_ep_square:52
line 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3' # 33: dup of 9
line 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1'        # 34: 1 without castling
line 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3' # 35: 9 without ep
