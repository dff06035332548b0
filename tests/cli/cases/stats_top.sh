#!/usr/bin/env bash
# --top N sets the length of the most-repeated and material lists (default 20): startpos 4
# times, the bare kings 3, a queen 2, a rook once; --top 2 keeps the first two of each,
# --top 0 empties both. Then 25 positions repeated 2..26 times: the default keeps the 20 most
# repeated, --top 25 all of them (more than the default: the tracker follows N).
set -euo pipefail
{
  for _ in 1 2 3 4; do echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'; done
  for _ in 1 2 3; do echo '4k3/8/8/8/8/8/8/4K3 w - - 0 1'; done
  for _ in 1 2; do echo '4k3/8/8/8/8/8/8/4KQ2 w - - 0 1'; done
  echo '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1'
} >four.fen
"$FENBATCH" -q --dedupe --top 2 --stats-json top2.json -o /dev/null four.fen
"$FENBATCH" -q --dedupe --top 0 --stats-json top0.json -o /dev/null four.fen
# White king on a1..h1, a2..h2, a3..h3, a4 (never next to the black king on h8); the i-th
# position (from 0) comes i + 2 times, interleaved.
python3 - >many.fen <<'PY'
squares = [(rank, file) for rank in (1, 2, 3, 4) for file in range(8)][:25]
def fen(rank, file):
    rows = []
    for r in range(8, 0, -1):
        row = "7k" if r == 8 else ("8" if r != rank else
              (str(file) if file else "") + "K" + (str(7 - file) if file < 7 else ""))
        rows.append(row)
    return "/".join(rows) + " w - - 0 1"
lines = []
for round_ in range(26):
    for i, (rank, file) in enumerate(squares):
        if round_ < i + 2:
            lines.append(fen(rank, file))
print("\n".join(lines))
PY
"$FENBATCH" -q --dedupe --stats-json default.json -o /dev/null many.fen
"$FENBATCH" -q --dedupe --top 25 --stats-json top25.json -o /dev/null many.fen
python3 - <<'PY'
import json, sys
failures = []
def e(what, got, want):
    if got != want:
        failures.append(f"{what}: {got!r}, expected {want!r}")
start = "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP"
s = json.load(open("top2.json"))
e("top2 options.top", s["options"]["top"], 2)
e("top2 most_repeated", [(m["position"], m["count"]) for m in s["most_repeated"]],
  [("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 4),
   ("4k3/8/8/8/8/8/8/4K3 w - -", 3)])
e("top2 top_material", s["positions"]["top_material"],
  [{"signature": start, "board": "8x8", "count": 4},
   {"signature": "KvK", "board": "8x8", "count": 3}])
e("top2 written top_material length", len(s["written_positions"]["top_material"]), 2)
s = json.load(open("top0.json"))
e("top0 options.top", s["options"]["top"], 0)
e("top0 most_repeated", s["most_repeated"], [])
e("top0 top_material", s["positions"]["top_material"], [])
e("top0 written top_material", s["written_positions"]["top_material"], [])
e("top0 duplicates", s["duplicates"], 6)
for name, length in (("default.json", 20), ("top25.json", 25)):
    s = json.load(open(name))
    e(f"{name} counts", [m["count"] for m in s["most_repeated"]],
      list(range(26, 26 - length, -1)))
    e(f"{name} top_material", s["positions"]["top_material"],
      [{"signature": "KvK", "board": "8x8", "count": sum(range(2, 27))}])
for f in failures:
    print(f)
sys.exit(1 if failures else 0)
PY
