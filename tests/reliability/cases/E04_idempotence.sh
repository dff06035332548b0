#!/usr/bin/env bash
# E04: normalization is idempotent: a generated corpus (CRLF, 4-field EPD, operations, Chess960,
# ep squares, duplicates) plus the mixed test input, run once (--dedupe, and --repair), then its
# output run again: the second output is byte-identical, with 0 invalid, 0 duplicates, 0 repairs
# and no normalization notes (crlf, whitespace, fullmove 0, 4-field records); the same for
# --format epd and --castling shredder outputs.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n $((20000 / SCALE_DOWN)) --seed 4 --chess960-share 0.3 -o gen.fen || die "fenbatch-gen failed"
bash "$DATA/mixed_input.sh" >mixed.fen
cat gen.fen mixed.fen >in.fen
for args in "" "--repair" "--format epd" "--castling shredder" "--key fen"; do
  what="${args:-default}"
  "$FENBATCH" -q --dedupe $args in.fen once.fen || fail "$what: first run: exit $?"
  "$FENBATCH" -q --dedupe $args --stats-json s.json once.fen twice.fen || fail "$what: second run: exit $?"
  same_file once.fen twice.fen "$what: second run"
  got=$(json s.json '(s["invalid"], s["duplicates"], sum(s["repairs"].values()), s["notes"]["crlf_lines"], s["notes"]["whitespace_normalized"], s["notes"]["fullmove_zero"], s["notes"]["bom_skipped"])')
  [ "$got" = "(0, 0, 0, 0, 0, 0, 0)" ] || fail "$what: invalid, duplicates, repairs, crlf, whitespace, fullmove0, bom of the second run = $got"
  [ "$args" = "--format epd" ] || [ "$(json s.json 's["notes"]["epd_records"]')" = 0 ] || fail "$what: epd_records in the second run"
  sr_check s.json "$what" once.fen
done
finish
