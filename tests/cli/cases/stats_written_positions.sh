#!/usr/bin/env bash
# written_positions in --stats-json: side to move, castling, piece counts and material of the
# lines written, beside "positions" (every valid line). Without dedupe the two are the same;
# with --dedupe the three duplicates of the mixed input (startpos w, 1.e4 b, the f6
# en-passant position w: all standard castling, 32 pieces, the start material) are not counted.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" -q --stats-json plain.json -o plain.fen mixed.fen
"$FENBATCH" -q --dedupe --stats-json dedupe.json -o dedupe.fen mixed.fen
python3 - plain.json dedupe.json <<'PY'
import json, sys

failures = []
start = "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP"
for path, dedupe in ((sys.argv[1], False), (sys.argv[2], True)):
    w = json.load(open(path))["written_positions"]
    def e(what, got, want):
        if got != want:
            failures.append(f"{path}: {what}: {got!r}, expected {want!r}")
    e("side_to_move", w["side_to_move"], {"white": 8, "black": 2} if dedupe else
      {"white": 10, "black": 3})
    e("castling", w["castling"], {"none": 2, "standard": 6, "chess960": 2} if dedupe else
      {"none": 2, "standard": 9, "chess960": 2})
    e("piece_count", {k: v for k, v in w["piece_count"].items() if v},
      {"5": 1, "6": 1, "32": 8 if dedupe else 11})
    e("piece_count keys", list(w["piece_count"]), [str(n) for n in range(2, 41)])
    e("top_material[0]", w["top_material"][0], {"signature": start, "board": "8x8",
                                             "count": 8 if dedupe else 11})
    e("top_material rest", sorted((m["signature"], m["count"]) for m in w["top_material"][1:]),
      [("KPvKRP", 1), ("KRRvKRR", 1)])
for f in failures:
    print(f)
sys.exit(1 if failures else 0)
PY
