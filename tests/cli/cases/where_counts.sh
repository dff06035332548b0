#!/usr/bin/env bash
# --where (issue 28) on nine hand-written lines (7 8x8, 1 invalid, 2 10x8 among them). Every
# expected value is worked out by hand in where_counts.stdout from the issue's definitions:
#   1 start position        pieces 32, legal_moves 20 (perft D1), material 0, simple_eval 0
#   2 KvK, w                pieces 2, legal_moves 5 (d1 d2 e2 f2 f1)
#   3 KRvK, w, K right      pieces 3, legal_moves 15 (king 5, O-O 1, rook 9), material 5,
#                           simple_eval 1276, signature KRvK, ply 0
#   4 KQvK, b, mated        in_check, legal_moves 0, material 9, simple_eval -2538
#   5 line 3, counters 5 40 the same position as 3 (--key position), ply 78
#   6 junk                  invalid
#   7 10x8 start            pieces 40, board 10x8
#   8 KRvK, b               legal_moves 5, simple_eval -1276, ply 2*11+1 = 23
#   9 10x8 KvK, w           pieces 2, legal_moves 5, board 10x8
set -euo pipefail
cat >in.fen <<'IN'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
4k3/8/8/8/8/8/8/4K2R w K - 0 1
4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1
4k3/8/8/8/8/8/8/4K2R w K - 5 40
junk
rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
4k3/8/8/8/8/8/8/4K2R b K - 3 12
4k5/10/10/10/10/10/10/4K5 w - - 0 1
IN
# The lines (by number in in.fen) each expression keeps.
kept() {
  "$FENBATCH" -q "$@" in.fen out.fen || true
  local numbers=""
  while IFS= read -r line; do
    numbers+=" $(grep -nxF -- "$line" in.fen | cut -d: -f1 | head -n 1)"
  done <out.fen
  echo "$*:$numbers"
}
kept --where 'legal_moves == 20'
kept --where 'legal_moves == 15'
kept --where 'legal_moves == 5'
kept --where 'legal_moves == 0 and in_check'
kept --where 'material == 5'
kept --where 'material == 9'
kept --where 'simple_eval == -1276'
kept --where 'simple_eval == -2538'
kept --where 'simple_eval == 1276'
kept --where 'signature == "KRvK"'
kept --where 'ply == 23'
kept --where 'ply == 78'
kept --where 'board == 10x8'
kept --where 'side == b'
kept --where 'pieces < 3'
kept --where 'castling == standard'
kept --where 'pieces >= 16 and abs(simple_eval) > 750 or pieces < 16 and simple_eval <= 3000'

# Three expressions: each filtered line counted once, under the first it fails (line 4 fails
# the second and the third: counted under the second).
"$FENBATCH" -q --where 'pieces >= 3' --where 'not in_check' --where 'abs(simple_eval) < 2000' \
  --stats-json s.json in.fen three.fen
# With --dedupe: line 3 is filtered, so it claims no key and line 5 (its position) is written.
"$FENBATCH" -q -d --where 'halfmove > 0 or side == b or pieces > 3' --stats-json d.json \
  in.fen dedupe.fen
# --exclude: a reference line is never filtered (line 1 excludes the start position although
# no reference line passes 'pieces < 3').
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' >ref.fen
"$FENBATCH" -q --where 'pieces < 3 or pieces > 30' --exclude ref.fen --stats-json x.json \
  in.fen excluded.fen
python3 - <<'PY'
import json
def show(path):
    s = json.load(open(path))
    r = s["reconciliation"]
    print(path, "filtered", s["filtered"], [(w["where"], w["filtered"]) for w in s["filtered_by_where"]])
    print(path, "reconciliation", r["lines"], "=", r["written"], r["duplicates"], r["excluded"],
          r["filtered"], r["invalid"], r["skipped"], r["balanced"])
    print(path, "8x8", s["boards"]["8x8"]["filtered"], "10x8", s["boards"]["10x8"]["filtered"],
          "per input", s["per_input"][0]["filtered"], "options", s["options"]["where"])
for p in ("s.json", "d.json", "x.json"):
    show(p)
PY
cat three.fen dedupe.fen excluded.fen
# The same output and statistics (but timings) at -j1, -j2 and 64-byte chunks.
for run in "-j1" "-j2" "-j2 --chunk-size 64"; do
  # shellcheck disable=SC2086
  "$FENBATCH" -q $run -d --where 'pieces >= 3' --where 'not in_check' --stats-json "j.json" \
    in.fen "j.fen"
  python3 -c 'import json,sys; s=json.load(open("j.json"));
[s.pop(k) for k in ("wall_seconds","threads","memory","mb_per_second","positions_per_second")];
print(json.dumps(s, sort_keys=True))' >"j$run.txt"
  cat j.fen >>"j$run.txt"
done
cmp "j-j1.txt" "j-j2.txt" && cmp "j-j1.txt" "j-j2 --chunk-size 64.txt" && echo "same at -j1, -j2, 64-byte chunks"
