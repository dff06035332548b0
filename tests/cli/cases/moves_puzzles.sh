#!/usr/bin/env bash
# --apply-moves, --check-move and --exclude-apply-moves (issue 29) on Lichess-puzzle-like CSV
# (FEN, Moves columns: the puzzle starts after the first move) and on FEN lines with a
# --payload column. Every expected position in moves_puzzles.stdout is written out by hand from
# the rules: a normal move, castling both ways (and Chess960 castling in the king's-destination
# notation), en passant, a capturing promotion, 10x8; each reason with the column of the move
# in the line (counted by hand: the Moves field starts after PuzzleId, FEN and two commas).
set -uo pipefail
cat >puzzles.csv <<'CSV'
PuzzleId,FEN,Moves,Rating
p1,r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3,f1b5 a7a6 b5a4,1500
p2,r3k2r/pppq1ppp/2n5/8/8/2N5/PPPQ1PPP/R3K2R b KQkq - 4 10,e8c8 e1g1,1600
p3,rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3,e5f6 g8f6,1700
p4,3r2k1/4P1pp/8/8/8/8/6PP/6K1 w - - 0 40,e7d8q g8f7,1800
p5,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,e2e5 e7e5,1900
p6,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,E2E4,2000
p7,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,,2100
p8,1k6/8/8/8/8/8/8/RK2R3 w KQ - 0 1,b1g1,2200
p9,rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1,"e2e4 e7e5",2300
p10,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1,e2e4,2400
p11,r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3,f1b5,2500
CSV
counts() {
  python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
print("lines", s["lines"], "written", s["written"], "duplicates", s["duplicates"],
      "invalid", s["invalid"], "excluded", s["excluded"],
      {k: v for k, v in s["invalid_by_reason"].items() if v})
print("options", {k: s["options"][k] for k in ("apply_moves", "exclude_apply_moves", "check_move")})' "$1"
}
echo "--- --apply-moves Moves:1 --dedupe"
"$FENBATCH" -q -d --apply-moves Moves:1 --fen-field FEN puzzles.csv -o out.csv \
  --rejects rej.txt --stats-json s.json || echo "FAIL: exit $?"
cat out.csv rej.txt
counts s.json
echo "--- --apply-moves Moves (all), -j2 --chunk-size 1 the same as -j1"
"$FENBATCH" -q -j1 --apply-moves Moves puzzles.csv -o all1.csv --rejects all1.rej
"$FENBATCH" -q -j2 --chunk-size 1 --apply-moves Moves puzzles.csv -o all2.csv --rejects all2.rej
cmp -s all1.csv all2.csv && cmp -s all1.rej all2.rej || echo "FAIL: -j2 --chunk-size 1 differs"
cat all1.csv all1.rej
echo "--- --apply-moves Moves:2: p8 has one move only"
"$FENBATCH" -q --apply-moves Moves:2 puzzles.csv -o two.csv --rejects two.rej
grep '^puzzles.csv:9:' two.rej
echo "--- --check-move Moves: positions as read, bad move lists rejected"
"$FENBATCH" -q --check-move Moves puzzles.csv -o checked.csv --rejects checked.rej \
  --stats-json checked.json
cut -d, -f1 checked.csv | tr '\n' ' '
echo
cat checked.rej
counts checked.json
echo "--- decontamination: training positions against the puzzles' (after the first move)"
cat >training.fen <<'FEN'
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3
rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1
FEN
echo "without --exclude-apply-moves (the puzzles' FEN, before their first move):"
"$FENBATCH" -q --exclude puzzles.csv training.fen -o -
echo "with --exclude-apply-moves Moves:1:"
"$FENBATCH" -q --exclude puzzles.csv --exclude-apply-moves Moves:1 --stats-json ex.json \
  training.fen -o -
counts ex.json
echo "--- FEN lines: --payload column 1"
cat >labelled.fen <<'FEN'
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 | e1h1 e8a8 | 0.5
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 | e1g1 e8g8 | 1
8/4P3/8/8/8/8/k7/4K3 w - - 0 1 | e7e8 | 0
8/4P3/8/8/8/8/k7/4K3 w - - 0 1
FEN
"$FENBATCH" -q --payload --apply-moves 1 labelled.fen -o - --rejects labelled.rej
cat labelled.rej
echo "--- usage errors"
for value in Moves:0 Moves:x :1 Moves:; do
  "$FENBATCH" --apply-moves "$value" puzzles.csv -o /dev/null 2>usage.txt
  echo "exit $?"
  head -n 1 usage.txt
done
