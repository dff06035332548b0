#!/usr/bin/env bash
# B07 (decided: variant syntax is invalid): crazyhouse pockets "[Qq]" (variant_syntax), a 9th
# "rank" used as a pocket (rejected: rank_count), the promoted marker '~' and three-check
# counters "3+3" / "+0+0" (variant_syntax); also under --repair; SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
B='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'
clear_rows
row variant_syntax "${B}[Qq] w KQkq - 0 1"
row variant_syntax "${B}[] w KQkq - 0 1"
row rank_count "$B/Qq w KQkq - 0 1"
row variant_syntax 'rnbqkbQ~r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
row variant_syntax "$B w KQkq - 3+3 0 1"
row variant_syntax "$B w KQkq - 0 1 +0+0"
row valid="$S" "$S"
check_rows "variant syntax"
check_rows "variant syntax --repair" --repair
finish
