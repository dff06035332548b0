#!/usr/bin/env python3
"""moves_csv.py FEN_LINES OUT.csv SEED: a Lichess-puzzle-like CSV (id,FEN,Moves) of the
positions of FEN_LINES (fenbatch-gen's output), for the --apply-moves cases. Standard library
only; shares nothing with fenbatch. Most records' first move is a one-step push of a pawn of the
side to move (legal unless the pawn is pinned or the side is in check), then one more token;
some first moves are illegal ("a1a1") or malformed ("x9"); 500 records hold no position; the
first 20,000 records come again at the end (their positions then repeat)."""
import random
import sys


def board_rows(placement):
    """The placement's ranks, rank 8 first, each a list of squares ('.' empty)."""
    rows = []
    for text in placement.split("/"):
        row, i = [], 0
        while i < len(text):
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            if j > i:
                row += ["."] * int(text[i:j])
                i = j
            else:
                row.append(text[i])
                i += 1
        rows.append(row)
    return rows


def pawn_pushes(fen):
    placement, side = fen.split()[:2]
    rows = board_rows(placement)
    pawn, step = ("P", 1) if side == "w" else ("p", -1)
    pushes = []
    for index, row in enumerate(rows):
        rank = 8 - index
        for file, piece in enumerate(row):
            to = rank + step
            if piece == pawn and 2 <= to <= 7 and rows[8 - to][file] == ".":
                name = chr(ord("a") + file)
                pushes.append(f"{name}{rank}{name}{to}")
    return pushes


def main():
    source, target, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(seed)
    records = []
    for number, line in enumerate(l for l in open(source) if l.strip()):
        fen = " ".join(line.split()[:6])
        pushes = pawn_pushes(fen)
        draw = rng.random()
        if pushes and draw < 0.85:
            moves = rng.choice(pushes) + " " + rng.choice(["e7e5", "g1f3", "zz"])
        else:
            moves = "a1a1" if draw < 0.93 else "x9"
        records.append(f"{number},{fen},{moves}")
    records += [f"bad{i},not a position,e2e4" for i in range(500)]
    records += records[:20000]
    with open(target, "w") as out:
        out.write("id,FEN,Moves\n" + "\n".join(records) + "\n")


main()
