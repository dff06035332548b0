#!/usr/bin/env bash
# --payload: labels after the position ("<fen> | 25 | 0.5", "<fen> [0.5] 25") are kept verbatim
# after the canonical fields, one space between, and survive dedupe with the first record of
# each position (the key ignores them); EPD operations stay operations. Without --payload the
# labelled lines are rejected as before. Expected output written by hand.
set -uo pipefail
echo "--- --payload --dedupe"
"$FENBATCH" -q --payload --dedupe "$DATA/labels.txt" out.fen || echo "FAIL: exit $?"
cat out.fen
echo "--- --payload --dedupe, EPD output"
"$FENBATCH" -q --payload --dedupe --format epd "$DATA/labels.txt" out.epd || echo "FAIL: exit $?"
cat out.epd
echo "--- without --payload"
"$FENBATCH" -q --dedupe "$DATA/labels.txt" plain.fen --rejects rejects.txt
cut -d: -f2-4 rejects.txt
