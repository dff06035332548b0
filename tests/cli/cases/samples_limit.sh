#!/usr/bin/env bash
# Stderr samples: at most --samples (default 3) quoted lines per reason, in input order, then
# the summary with reasons in enum order (field_count before bad_side), "1 invalid line"
# singular, counts with thousands separators; --samples 0 leaves only the summary, -q nothing.
# --rejects still gets every rejected line whatever the sample limit.
set -euo pipefail
k='4k3/8/8/8/8/8/8/4K3'
printf '%s\n' "$k y - - 0 1" "$k w - - 0" "$k w - - 0 1" "$k z - - 0 1" "$k W - - 0 1" \
  "$k w - - 0" "$k B - - 0 1" "$k w - - 7" "$k X - - 0 1" "$k w - - 9" >a.fen
echo "== default"
"$FENBATCH" -o /dev/null a.fen 2>&1
echo "== --samples 1"
"$FENBATCH" --samples 1 -o /dev/null a.fen 2>&1
echo "== --samples 0 --rejects"
"$FENBATCH" --samples 0 --rejects rejects.txt -o /dev/null a.fen 2>&1
cut -d: -f1-4 rejects.txt
echo "== -q"
"$FENBATCH" -q -o /dev/null a.fen 2>&1
echo "== one invalid line"
printf '%s\n' "$k w - - 0 1" "$k y - - 0 1" | "$FENBATCH" -o /dev/null 2>&1
echo "== 1200 invalid lines"
# (no valid line at all: a warning, exit 1)
for _ in $(seq 1200); do echo "$k y - - 0 1"; done | "$FENBATCH" --samples 1 -o /dev/null 2>&1 ||
  echo "exit=$?"
