#!/usr/bin/env bash
# E02 (decided: the canonical form keeps the ep square only when a legal capture exists): the
# start position after 1.e4 with "e3" and with "-" are one position (written with '-'); a legal
# ep square (f6 after ...f5 with a white pawn on e5) makes a different position from '-'; a
# pinned capturer does not count as legal. --ep pseudo and --ep always keep more squares (and
# the dedupe key stays the legal one). (fenbatch has no ep_normalized counter:
# positions.legal_ep counts lines with a legal capture.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
e4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq'
f5='rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq'
pin='8/8/8/KPp4r/8/8/8/4k3 w -'
printf '%s\n' "$e4 e3 0 1" "$e4 - 0 1" "$f5 f6 0 3" "$f5 - 0 3" "$pin c6 0 2" "$pin - 0 2" >in.fen
"$FENBATCH" -q --dedupe --stats-json s.json in.fen out.fen || fail "exit $?"
printf '%s\n' "$e4 - 0 1" "$f5 f6 0 3" "$f5 - 0 3" "$pin - 0 2" >expected.fen
same_file expected.fen out.fen "--ep legal"
[ "$(json s.json '(s["duplicates"], s["positions"]["legal_ep"])')" = "(2, 1)" ] ||
  fail "duplicates, legal_ep = $(json s.json '(s["duplicates"], s["positions"]["legal_ep"])')"
sr_check s.json "ep normalization" in.fen
"$FENBATCH" -q --dedupe --ep always in.fen always.fen || fail "--ep always: exit $?"
printf '%s\n' "$e4 e3 0 1" "$f5 f6 0 3" "$f5 - 0 3" "$pin c6 0 2" >expected_always.fen
same_file expected_always.fen always.fen "--ep always"
finish
