#!/usr/bin/env bash
# E01 (documented: --key position is the default, fen adds the counters, board is placement and
# side): K and "K with counters 7 42" are one position (the first occurrence kept, with its own
# counters), two under --key fen; castling rights separate positions but not boards; the output
# keeps input order; duplicates are counted; SR for each key.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
R='r3k2r/8/8/8/8/8/8/R3K2R'
printf '%s\n' "4k3/8/8/8/8/8/8/4K3 w - - 7 42" "$R w KQkq - 0 1" "$K" "$R w - - 3 9" \
  "$R b KQkq - 0 1" "$R w KQkq - 0 1" "4k3/8/8/8/8/8/8/4K3 w - - 7 42" >in.fen
check_key() {  # check_key KEY DUPLICATES EXPECTED_LINE...
  local key=$1 dups=$2
  shift 2
  printf '%s\n' "$@" >expected.fen
  "$FENBATCH" -q --dedupe --key "$key" --stats-json s.json in.fen out.fen || fail "--key $key: exit $?"
  same_file expected.fen out.fen "--key $key"
  [ "$(json s.json 's["duplicates"]')" = "$dups" ] || fail "--key $key: duplicates $(json s.json 's["duplicates"]'), expected $dups"
  sr_check s.json "--key $key" in.fen
}
check_key position 3 "4k3/8/8/8/8/8/8/4K3 w - - 7 42" "$R w KQkq - 0 1" "$R w - - 3 9" "$R b KQkq - 0 1"
check_key fen 2 "4k3/8/8/8/8/8/8/4K3 w - - 7 42" "$R w KQkq - 0 1" "$K" "$R w - - 3 9" "$R b KQkq - 0 1"
check_key board 4 "4k3/8/8/8/8/8/8/4K3 w - - 7 42" "$R w KQkq - 0 1" "$R b KQkq - 0 1"
finish
