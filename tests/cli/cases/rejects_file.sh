#!/usr/bin/env bash
# --rejects FILE: every rejected line of the mixed input, in input order, as
# "FILE:LINE:COL: reason: " followed by the raw line (NUL, lone CR, 0xE9, a BOM and the full
# 250-byte line kept verbatim, not escaped or cut), one per line; the output goes to -o, so
# stdout is empty, and stderr still carries the samples and the summary.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" --rejects rejects.txt -o out.fen mixed.fen

# Expected: "prefix + the raw input line N" for each rejected line (line, column, reason).
while read -r n col reason; do
  printf 'mixed.fen:%s:%s: %s: ' "$n" "$col" "$reason"
  sed -n "${n}p" mixed.fen
done >expected.txt <<'LIST'
15 51 field_count
16 17 rank_width
17 45 bad_side
18 4 missing_king
19 43 non_ascii
20 53 control_char
21 57 nul_byte
22 1 misplaced_bom
23 64 bad_epd_operation
24 58 trailing_garbage
25 23 opposite_check
26 44 variant_syntax
27 9 bad_piece_char
28 1 bad_piece_char
29 20 rank_syntax
30 28 castling_order
31 25 bad_castling_rights
32 52 bad_ep_square
LIST
if ! cmp expected.txt rejects.txt; then
  echo "rejects.txt differs from expected:"; diff <(cat -A expected.txt) <(cat -A rejects.txt) || true
  exit 1
fi
# Spot checks that the raw bytes really are there.
grep -q $'KQkq -\r 0 1$' rejects.txt || { echo "lone CR not kept verbatim"; exit 1; }
[ "$(grep -c 'x\{250\}$' rejects.txt)" = 1 ] || { echo "250-byte line not kept whole"; exit 1; }
[ "$(wc -l <out.fen)" = 13 ] || { echo "out.fen: expected 13 lines"; exit 1; }
