#!/usr/bin/env bash
# Six shared corpora one at a time with --dedupe: lines and unique positions as counted by an
# independent reference (3moves_FRC 115,686 of 126,113; closedpos 147,504 of 165,735;
# UHO_4060_v1 241,670 of 246,759; UHO_4060_v2 241,670 of 242,201; endgames 157,824 of 157,846;
# DFRC_openings 921,600 of 921,600), no invalid line. Each is read both compressed and as
# plain text (mapped), with the same result.
set -euo pipefail
if [ -z "$SHARED" ]; then echo "skipped: ../shared absent"; exit 0; fi
failed=0
while read -r name unique lines; do
  zstd -q -dc "$SHARED/corpus/$name.epd.zst" >plain.epd
  for input in "$SHARED/corpus/$name.epd.zst" plain.epd; do
    "$FENBATCH" -q --dedupe --stats-json stats.json -o /dev/null "$input"
    got=$(python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))
print(s["unique"], s["lines"], s["invalid"])' stats.json)
    if [ "$got" != "$unique $lines 0" ]; then
      echo "FAIL $name ($input): unique lines invalid = $got, expected $unique $lines 0"
      failed=1
    fi
  done
done <<'LIST'
3moves_FRC 115686 126113
closedpos 147504 165735
UHO_4060_v1 241670 246759
UHO_4060_v2 241670 242201
endgames 157824 157846
DFRC_openings 921600 921600
LIST
[ "$failed" = 0 ] && echo "ok"
exit "$failed"
