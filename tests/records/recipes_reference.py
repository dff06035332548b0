#!/usr/bin/env python3
"""The README's training-data recipes (issue 29), computed independently of fenbatch: data made
by random games (selection/where_vocabulary_reference.py's move generator, standard library
only), and the output each recipe must give, derived from the recipe's rules as the README
states them. Shares no code with the engine.

- stockfish: a headerless CSV `ply,fen,move,score,result`, filtered on scores (|score| < 400,
  mates of 10000 and more dropped) and plies (>= 8), deduplicated by placement keeping the
  latest, written as Stockfish `.plain` (fen first, then the other columns in order, then `e`).
- lichess_evals: Lichess-style evaluation lines (JSON, a 4-field `fen`, nested `evals`), one
  record per position kept: the one whose `evals.0.depth` is largest (ties: the first; a record
  without it loses to any number), each written at its own place.
- puzzles: training FEN lines deduplicated and decontaminated against a Lichess-style puzzle
  CSV, whose puzzle position is its FEN after the first move of `Moves`.
"""

import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "selection"))
import where_vocabulary_reference as chess  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def square_name(pos, sq):
    file, rank = pos.file_rank(sq)
    return chr(ord("a") + file) + str(rank + 1)


def placement(pos):
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            cell = pos.cells[pos.square(file, rank)]
            if cell == chess.EMPTY:
                empty += 1
            else:
                row += (str(empty) if empty else "") + cell
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def castling_text(pos):
    text = ""
    for white, file, letter in ((True, 7, "K"), (True, 0, "Q"), (False, 7, "k"), (False, 0, "q")):
        if (white, file) in pos.rights:
            text += letter
    return text or "-"


def ep_text(pos):
    return pos.ep if pos.ep is not None and chess.legal_ep(pos) else "-"


def four_fields(pos):
    side = "w" if pos.white_to_move else "b"
    return f"{placement(pos)} {side} {castling_text(pos)} {ep_text(pos)}"


def fen(pos):
    """The canonical 6-field FEN: the en-passant square only when a legal capture exists."""
    return f"{four_fields(pos)} {pos.halfmove} {pos.fullmove}"


def key(pos):
    """What --key position compares: placement, side, castling rights, legal ep square."""
    return four_fields(pos)


def uci(pos, move):
    src, dst, promotion, kind = move
    if kind == "castle":  # the king's two-square move, as standard chess writes it
        king_file, rank = pos.file_rank(src)
        dst = pos.square(6 if pos.file_rank(dst)[0] > king_file else 2, rank)
    return square_name(pos, src) + square_name(pos, dst) + (promotion.lower() if promotion else "")


def play(pos, move):
    """The position after a legal move, counters advanced."""
    src, dst, _, kind = move
    resets = pos.cells[src] in "Pp" or (kind != "castle" and pos.cells[dst] != chess.EMPTY)
    after = chess.make(pos, move)
    after.halfmove = 0 if resets or kind == "ep" else pos.halfmove + 1
    after.fullmove = pos.fullmove + (0 if pos.white_to_move else 1)
    return after


def random_positions(rng, games, longest):
    """(position, its legal moves) along random games from the start position."""
    out = []
    for _ in range(games):
        pos = chess.parse(START)
        for _ in range(rng.randint(4, longest)):
            moves = chess.legal_moves(pos)
            if not moves:
                break
            out.append((pos, moves))
            pos = play(pos, rng.choice(moves))
    return out


# --- stockfish: headerless CSV -> filtered, placement-deduplicated (latest), .plain ------------

def stockfish_data(rng, positions):
    rows = []
    for pos, moves in positions:
        score = rng.choice([rng.randint(-1200, 1200), rng.randint(-150, 150),
                            rng.choice([10000, 31990, -31995, 9999])])
        rows.append([str(2 * (pos.fullmove - 1) + (0 if pos.white_to_move else 1)), fen(pos),
                     uci(pos, rng.choice(moves)), str(score), str(rng.choice([-1, 0, 1]))])
        if rng.random() < 0.3:  # the same placement again, later, with other labels and counters
            again = pos.copy()
            again.halfmove, again.fullmove = pos.halfmove + 2, pos.fullmove + 1
            rows.append([str(int(rows[-1][0]) + 2), fen(again), rows[-1][2],
                         str(rng.randint(-300, 300)), rows[-1][4]])
    rng.shuffle(rows)
    return rows


def stockfish_expected(rows):
    kept = [r for r in rows if -400 < int(r[3]) < 400 and int(r[0]) >= 8]
    last = {}
    for i, r in enumerate(kept):
        last[r[1].split()[0]] = i
    out = []
    for i, r in enumerate(kept):
        if last[r[1].split()[0]] == i:
            out += [f"fen {r[1]}", f"ply {r[0]}", f"move {r[2]}", f"score {r[3]}",
                    f"result {r[4]}", "e"]
    return out


# --- lichess_evals: JSON lines, the deepest evaluation of each position ------------------------

def lichess_eval_data(rng, positions):
    lines = []
    for pos, moves in positions:
        for _ in range(rng.choice([1, 1, 2, 3])):
            record = {"fen": four_fields(pos), "evals": []}
            if rng.random() < 0.9:
                record["evals"].append({"pvs": [{"cp": rng.randint(-90, 90),
                                                 "line": uci(pos, rng.choice(moves))}],
                                        "knodes": rng.randint(1, 99999),
                                        "depth": rng.choice([20, 24, 24, 30, 36])})
            lines.append((key(pos), json.dumps(record, separators=(",", ":"))))
    rng.shuffle(lines)
    return lines


def lichess_evals_expected(lines):
    def depth(text):
        evals = json.loads(text)["evals"]
        return evals[0]["depth"] if evals else None

    best = {}
    for i, (k, text) in enumerate(lines):
        d = depth(text)
        if k not in best:
            best[k] = (d, i)
        else:
            held = best[k][0]
            if d is not None and (held is None or d > held):
                best[k] = (d, i)
    winners = {i for _, i in best.values()}
    return [text for i, (_, text) in enumerate(lines) if i in winners]


# --- puzzles: training data decontaminated against the puzzles' positions ---------------------

PUZZLE_HEADER = "PuzzleId,FEN,Moves,Rating,Themes"


def puzzle_data(rng, positions):
    """The puzzle CSV lines, and the training FEN lines (canonical): positions after a puzzle's
    first move (some with other counters), positions before it (which must stay), others."""
    puzzles, training, after_keys = [PUZZLE_HEADER], [], set()
    for n, (pos, moves) in enumerate(positions):
        if n % 3 == 2:
            training.append(fen(pos))
            continue
        first = rng.choice(moves)
        after = play(pos, first)
        line = [uci(pos, first)]
        follow = chess.legal_moves(after)
        if follow:
            line.append(uci(after, rng.choice(follow)))
        puzzles.append(f"p{n:05d},{fen(pos)},{' '.join(line)},{rng.randint(600, 2800)},mate")
        after_keys.add(key(after))
        if n % 3 == 0:
            if rng.random() < 0.5:
                after.halfmove, after.fullmove = after.halfmove + 4, after.fullmove + 7
            training.append(fen(after))
        else:
            training.append(fen(pos))  # the puzzle's FEN itself: not the puzzle position
    training += rng.sample(training, len(training) // 5)  # repeats
    rng.shuffle(training)
    return puzzles, training, after_keys


def puzzles_expected(training, after_keys):
    seen, out = set(), []
    for line in training:
        k = key(chess.parse(line))
        if k in after_keys or k in seen:
            continue
        seen.add(k)
        out.append(line)
    return out


def write_lines(path, lines):
    with open(path, "w", encoding="ascii") as f:
        f.write("".join(line + "\n" for line in lines))


def make_all(folder, seed=29, games=120, longest=60):
    """Writes every recipe's input and expected output into `folder`; returns their names."""
    rng = random.Random(seed)
    positions = random_positions(rng, games, longest)
    rows = stockfish_data(rng, positions)
    write_lines(os.path.join(folder, "sf.csv"), [",".join(r) for r in rows])
    write_lines(os.path.join(folder, "sf.expected"), stockfish_expected(rows))
    evals = lichess_eval_data(rng, positions[::3])
    write_lines(os.path.join(folder, "evals.jsonl"), [text for _, text in evals])
    write_lines(os.path.join(folder, "evals.expected"), lichess_evals_expected(evals))
    puzzles, training, after_keys = puzzle_data(rng, positions[1::2])
    write_lines(os.path.join(folder, "puzzles.csv"), puzzles)
    write_lines(os.path.join(folder, "train.fen"), training)
    write_lines(os.path.join(folder, "train.expected"), puzzles_expected(training, after_keys))


if __name__ == "__main__":
    make_all(sys.argv[1] if len(sys.argv) > 1 else ".")
