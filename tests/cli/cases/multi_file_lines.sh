#!/usr/bin/env bash
# File boundaries: a file without a final newline ends its last line (it is not glued to the
# next file's first line); an empty file adds nothing; a file ending in a CR without LF has the
# CR dropped like a CRLF line's. Diagnostics and rejects number lines per file and name the
# file ('-' as <stdin>).
set -euo pipefail
k='4k3/8/8/8/8/8/8/4K3'
printf '%s\n%s\n%s' "$k w - - 0 1" "$k w - - 0" "$k b - - 0 1" >a.fen   # no final newline
printf '%s\n%s\n' "$k y - - 0 1" "$k w - - 5 9" >b.fen
: >c.fen
printf '%s\r' "$k b - - 3 4" >d.fen                                     # CR, no LF
"$FENBATCH" --rejects rejects.txt --stats-json stats.json -o - a.fen b.fen c.fen d.fen
cat rejects.txt
python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))
print("lines", s["lines"], "crlf_lines", s["notes"]["crlf_lines"], "valid", s["valid"])' stats.json
"$FENBATCH" -o - a.fen - c.fen d.fen <b.fen
