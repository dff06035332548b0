#!/usr/bin/env bash
# Framing at file edges: an empty file and a file holding only a BOM add no line; each file's
# leading BOM is skipped and counted (bom_skipped); "\r\n" alone is a blank line; of "\r\r\n"
# only one CR is dropped, the other is a control_char; a partial BOM is non_ascii. Mapped and
# read (--no-mmap) inputs give the same output and statistics, every byte counted.
set -euo pipefail
k='4k3/8/8/8/8/8/8/4K3'
: >e1.fen
printf '\357\273\277' >e2.fen
printf '\357\273\277%s\r\n\r\n%s\r\r\n' "$k w - - 0 1" "$k b - - 0 1" >e3.fen
printf '\357\273\277%s\n\357\273\n' "$k w - - 2 3" >e4.fen
for mode in "" --no-mmap; do
  echo "== ${mode:-mapped}"
  "$FENBATCH" $mode --stats-json stats.json -o - e1.fen e2.fen e3.fen e4.fen
  python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))
print("lines", s["lines"], "bytes", s["bytes"], "input_bytes", s["input_bytes"],
      "crlf_lines", s["notes"]["crlf_lines"], "bom_skipped", s["notes"]["bom_skipped"],
      "blank", s["skipped"]["blank"])' stats.json
done
