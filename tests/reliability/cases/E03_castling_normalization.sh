#!/usr/bin/env bash
# E03: spellings of the same castling rights dedupe together and are written in one canonical
# order: Shredder "HAha" and X-FEN "KQkq" (always), and "qkQK" under --repair (C06: rejected
# without it); SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
R='r3k2r/8/8/8/8/8/8/R3K2R w'
printf '%s\n' "$R HAha - 0 1" "$R qkQK - 0 1" "$R KQkq - 0 1" "$R AHah - 0 1" >in.fen
"$FENBATCH" -q --dedupe --repair --stats-json s.json in.fen out.fen || fail "--repair: exit $?"
[ "$(cat out.fen)" = "$R KQkq - 0 1" ] || fail "--repair: output $(cat out.fen)"
[ "$(json s.json '(s["duplicates"], s["invalid"], s["repairs"]["castling_order"])')" = "(3, 0, 2)" ] ||
  fail "--repair: duplicates, invalid, castling_order = $(json s.json '(s["duplicates"], s["invalid"], s["repairs"]["castling_order"])')"
sr_check s.json "--repair" in.fen
"$FENBATCH" -q --dedupe --stats-json s.json in.fen out.fen || fail "strict: exit $?"
[ "$(cat out.fen)" = "$R KQkq - 0 1" ] || fail "strict: output $(cat out.fen)"
[ "$(json s.json '(s["duplicates"], s["invalid_by_reason"]["castling_order"])')" = "(1, 2)" ] ||
  fail "strict: duplicates, castling_order = $(json s.json '(s["duplicates"], s["invalid_by_reason"]["castling_order"])')"
finish
