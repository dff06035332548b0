#!/usr/bin/env bash
# --list-reasons prints every rejection reason, one per line: its name, spaces up to one
# column, its description; exits 0 with nothing on stderr. The names are every error code of
# core's fen_errc table (read here from the header itself, in its order: not ok and not the two
# skipped kinds), each with a non-empty description.
set -euo pipefail
header="$DATA/../../core/include/fenbatch/core/fen_errc.hpp"
"$FENBATCH" --list-reasons >reasons.txt 2>err.txt
[ ! -s err.txt ] || { echo "FAIL: stderr: $(cat err.txt)"; exit 1; }
# The table's entries, X(name, description), in order, from the header.
sed -n '/^#define FENBATCH_FEN_ERRC_TABLE/,/^[^ ]/p' "$header" |
  sed -nE 's/^  X\(([a-z_0-9]+),.*/\1/p' | grep -vxE 'ok|skipped_blank|skipped_comment' >expected.txt
[ "$(wc -l <expected.txt)" -ge 37 ] || { echo "FAIL: read only $(wc -l <expected.txt) names from $header"; exit 1; }
cut -d' ' -f1 reasons.txt >names.txt
diff expected.txt names.txt || { echo "FAIL: the names differ from the enum"; exit 1; }
# One column for the descriptions, at least two spaces after the longest name, none empty.
python3 - reasons.txt <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")[:-1]
columns = set()
for line in lines:
    m = re.fullmatch(r"([a-z_0-9]+)( {2,})(\S.*)", line)
    if not m:
        sys.exit(f"FAIL: line {line!r}")
    columns.add(len(m.group(1)) + len(m.group(2)))
if len(columns) != 1:
    sys.exit(f"FAIL: descriptions start in columns {sorted(columns)}")
longest = max(len(l.split(" ")[0]) for l in lines)
if columns.pop() != longest + 2:
    sys.exit("FAIL: not two spaces after the longest name")
PY
grep -E '^(rank_width|field_count|trailing_garbage) ' reasons.txt
