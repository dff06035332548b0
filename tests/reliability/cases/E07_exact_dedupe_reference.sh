#!/usr/bin/env bash
# E07 (fenbatch chose E06 (b): XXH3-128 keys, reported as dedupe_mode probabilistic-128, with no
# hash-masking test hook; so the forced-collision test becomes an exact-reference test): 150,000
# generated lines (over 100,000 distinct positions), deduped by fenbatch with each key, equal an
# exact reference (a tenth of the size under the sanitizers): the canonical lines (a run without --dedupe) through awk '!seen[...]++' on
# the key's fields; duplicate counts equal; with -j1 and -j4 and small chunks too.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n $((150000 / SCALE_DOWN)) --seed 11 --chess960-share 0.2 -o in.fen || die "fenbatch-gen failed"
"$FENBATCH" -q in.fen canonical.fen || die "canonical run failed"
awk '!seen[$1" "$2" "$3" "$4]++' canonical.fen >ref_position.fen
awk '!seen[$0]++' canonical.fen >ref_fen.fen
awk '!seen[$1" "$2]++' canonical.fen >ref_board.fen
[ "$(wc -l <ref_position.fen)" -gt $((100000 / SCALE_DOWN)) ] || die "fewer than $((100000 / SCALE_DOWN)) distinct positions: $(wc -l <ref_position.fen)"
total=$(wc -l <canonical.fen)
for key in position fen board; do
  for args in "" "-j1" "-j4 --chunk-size 64K"; do
    what="--key $key${args:+ $args}"
    "$FENBATCH" -q --dedupe --key $key $args --stats-json s.json in.fen out.fen || fail "$what: exit $?"
    same_file ref_$key.fen out.fen "$what"
    unique=$(wc -l <ref_$key.fen)
    [ "$(json s.json '(s["unique"], s["duplicates"], s["dedupe_mode"], s["key_hash"])')" = "($unique, $((total - unique)), 'probabilistic-128', 'xxh3-128')" ] ||
      fail "$what: unique, duplicates, dedupe_mode, key_hash = $(json s.json '(s["unique"], s["duplicates"], s["dedupe_mode"], s["key_hash"])'), expected $unique, $((total - unique))"
  done
done
finish
