#!/usr/bin/env python3
"""The --where vocabulary (issue 28) computed from FEN/EPD text alone: an independent reference
for tests/selection/where_vocabulary_test.py (standard library only; shares no code with fenbatch).

It reads a line itself (8x8 FEN, 10x8 X-FEN, 4-field EPD with hmvc/fmvn operations) and
computes every name of the vocabulary from the issue's rules, written out here:
  pieces, pawns, side, in_check, legal_moves, ep, castling, halfmove, fullmove, ply,
  material, non_pawn_material, simple_eval, signature, board.
legal_moves, in_check and ep come from a small mailbox move generator for both boards
(A = bishop + knight, C = rook + knight; castling Chess960-style as ../shared/TENBYEIGHT.md
fixes it: the king ends on c or g (10x8: i), the rook beside it toward the centre; en passant
legal only when the capture leaves the own king safe). The lines are assumed valid (the test
feeds it fenbatch's accepted lines); validity itself is tested elsewhere.

Run alone, it proves itself before it is trusted:
    where_vocabulary_reference.py [SHARED_DIR] [--depth2 N]
checks the move generator on hand-known perft numbers and, with SHARED_DIR, on every position
of vectors/perft-standard.epd, perft-chess960.epd and perft-10x8.epd (depth 1 for all, depth
2 for the first N of each suite, default all, depth 3 where it has at most 30,000 leaves), and
the en-passant rule on vectors/fen-vectors-10x8.tsv (an ep square survives canonical output
iff a legal capture exists). Exit 0 when all agree, 1 with the first disagreement otherwise.
"""

import os
import re
import sys

MATERIAL = {"P": 1, "N": 3, "B": 3, "R": 5, "Q": 9, "A": 7, "C": 8, "K": 0}
SIMPLE_EVAL = {"P": 208, "N": 781, "B": 825, "R": 1276, "Q": 2538, "A": 1606, "C": 2057, "K": 0}
SIGNATURE_ORDER = "QACRBNP"
PROMOTIONS = {8: "QRBN", 10: "QRBNAC"}
OFF = "#"
EMPTY = "."
DEPTH3_NODES = 30000  # the self-test's depth 3 runs where it has at most this many leaves
RANK_TOKEN = re.compile(r"10|[1-9]|[A-Za-z]")

# A hand-known handful, so that the generator is exercised even without ../shared:
# the start position and "Kiwipete" (Chessprogramming wiki), a Chess960 start (#0, 'BBQNNRKR').
HAND_PERFT = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400]),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [48, 2039]),
    ("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", [20, 400]),
]


class Position:
    """A mailbox board: `width` files, rows of width + 2 (one off-board column each side, which
    neighbouring rows share), two off-board rows above and below (knight jumps stay inside)."""

    def __init__(self, width):
        self.width = width
        self.stride = width + 2
        self.cells = [OFF] * (self.stride * 12)
        for rank in range(8):
            for file in range(width):
                self.cells[self.square(file, rank)] = EMPTY
        self.white_to_move = True
        self.rights = set()  # (is_white, rook file)
        self.ep = None  # the ep square as written, if any
        self.halfmove = 0
        self.fullmove = 1

    def square(self, file, rank):
        return (rank + 2) * self.stride + file + 1

    def file_rank(self, sq):
        return sq % self.stride - 1, sq // self.stride - 2

    def copy(self):
        other = Position.__new__(Position)
        other.width, other.stride = self.width, self.stride
        other.cells = self.cells[:]
        other.white_to_move = self.white_to_move
        other.rights = set(self.rights)
        other.ep = self.ep
        other.halfmove, other.fullmove = self.halfmove, self.fullmove
        return other

    def pieces(self):
        return [(sq, c) for sq, c in enumerate(self.cells) if c not in (OFF, EMPTY)]

    def king(self, white):
        target = "K" if white else "k"
        return self.cells.index(target)


def is_white(piece):
    return piece.isupper()


def directions(stride):
    orth = [1, -1, stride, -stride]
    diag = [stride + 1, stride - 1, -stride + 1, -stride - 1]
    knight = [2 * stride + 1, 2 * stride - 1, -2 * stride + 1, -2 * stride - 1,
              stride + 2, stride - 2, -stride + 2, -stride - 2]
    return orth, diag, knight


def attacked(pos, sq, by_white):
    """Whether a piece of the given colour attacks sq (pawns diagonally forward)."""
    cells = pos.cells
    orth, diag, knight = directions(pos.stride)
    up = lambda p: p.upper() if by_white else p.lower()  # noqa: E731
    leapers = {up("N"), up("A"), up("C")}
    for d in knight:
        if cells[sq + d] in leapers:
            return True
    king = up("K")
    for d in orth + diag:
        if cells[sq + d] == king:
            return True
    for rays, sliders in ((orth, {up("R"), up("Q"), up("C")}), (diag, {up("B"), up("Q"), up("A")})):
        for d in rays:
            t = sq + d
            while cells[t] == EMPTY:
                t += d
            if cells[t] in sliders:
                return True
    pawn_from = -pos.stride if by_white else pos.stride
    pawn = up("P")
    return cells[sq + pawn_from + 1] == pawn or cells[sq + pawn_from - 1] == pawn


def in_check(pos):
    return attacked(pos, pos.king(pos.white_to_move), not pos.white_to_move)


def parse(line):
    """A Position from a FEN line (6 fields), a 4-field EPD record (counters 0 1 unless its
    hmvc/fmvn operations say otherwise), or either followed by EPD operations."""
    head, _, operations = line.partition(";")
    fields = head.split()
    ops = {}
    if len(fields) > 4 and not (len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit()):
        operations = " ".join(fields[4:]) + ";" + operations  # 4 fields, then operations
        fields = fields[:4]
    for op in operations.split(";"):
        words = op.split()
        if len(words) >= 2:
            ops[words[0]] = words[1]
    ranks = fields[0].split("/")
    width = sum(int(t) if t.isdigit() else 1 for t in RANK_TOKEN.findall(ranks[0]))
    pos = Position(width)
    for row, text in enumerate(ranks):
        file = 0
        for token in RANK_TOKEN.findall(text):
            if token.isdigit():
                file += int(token)
            else:
                pos.cells[pos.square(file, 7 - row)] = token
                file += 1
    pos.white_to_move = fields[1] == "w"
    pos.rights = read_rights(pos, fields[2])
    pos.ep = None if fields[3] == "-" else fields[3]
    if len(fields) >= 6:
        pos.halfmove, pos.fullmove = int(fields[4]), int(fields[5])
    else:
        pos.halfmove, pos.fullmove = int(ops.get("hmvc", 0)), int(ops.get("fmvn", 1))
    pos.fullmove = max(pos.fullmove, 1)  # fullmove 0 is read as 1
    return pos


def read_rights(pos, text):
    """X-FEN or Shredder-FEN rights as (is_white, rook file): K/Q name the outermost own rook on
    that side of the king, a file letter the rook on that file."""
    rights = set()
    if text == "-":
        return rights
    for letter in text:
        white = letter.isupper()
        back = 0 if white else 7
        rook = "R" if white else "r"
        king_file = pos.file_rank(pos.king(white))[0]
        if letter in "Kk":
            files = range(pos.width - 1, king_file, -1)
        elif letter in "Qq":
            files = range(0, king_file)
        else:
            files = [ord(letter.lower()) - ord("a")]
        for file in files:
            if pos.cells[pos.square(file, back)] == rook:
                rights.add((white, file))
                break
    return rights


def pseudo_moves(pos):
    """(from, to, promotion, kind) for the side to move; kind: 'step', 'ep' or 'castle' (then
    from is the king's square and to the rook's)."""
    cells, stride, white = pos.cells, pos.stride, pos.white_to_move
    orth, diag, knight = directions(stride)
    own = str.isupper if white else str.islower
    moves = []

    def target_ok(t):
        c = cells[t]
        return c == EMPTY or (c != OFF and not own(c))

    for sq, piece in pos.pieces():
        if not own(piece):
            continue
        kind = piece.upper()
        if kind == "P":
            pawn_moves(pos, sq, moves)
            continue
        if kind in "NAC":
            moves.extend((sq, sq + d, None, "step") for d in knight if target_ok(sq + d))
        if kind == "K":
            moves.extend((sq, sq + d, None, "step") for d in orth + diag if target_ok(sq + d))
        rays = (orth if kind in "RQC" else []) + (diag if kind in "BQA" else [])
        for d in rays:
            t = sq + d
            while cells[t] == EMPTY:
                moves.append((sq, t, None, "step"))
                t += d
            if target_ok(t):
                moves.append((sq, t, None, "step"))
    moves.extend(castling_moves(pos))
    return moves


def pawn_moves(pos, sq, moves):
    cells, stride, white = pos.cells, pos.stride, pos.white_to_move
    forward = stride if white else -stride
    rank = pos.file_rank(sq)[1]
    last = 6 if white else 1  # the rank a pawn promotes from
    start = 1 if white else 6
    promotions = PROMOTIONS[pos.width] if rank == last else [None]
    targets = []
    if cells[sq + forward] == EMPTY:
        targets.append(sq + forward)
        if rank == start and cells[sq + 2 * forward] == EMPTY:
            moves.append((sq, sq + 2 * forward, None, "step"))
    for side in (1, -1):
        t = sq + forward + side
        c = cells[t]
        if c not in (OFF, EMPTY) and is_white(c) != white:
            targets.append(t)
        elif pos.ep is not None and t == ep_square(pos):
            moves.append((sq, t, None, "ep"))
    for t in targets:
        moves.extend((sq, t, p if p is None or white else p.lower(), "step") for p in promotions)


def ep_square(pos):
    return pos.square(ord(pos.ep[0]) - ord("a"), int(pos.ep[1]) - 1)


def castling_moves(pos):
    white = pos.white_to_move
    back = 0 if white else 7
    moves = []
    rights = [file for colour, file in pos.rights if colour == white]
    if not rights:
        return moves
    king = pos.king(white)
    king_file = pos.file_rank(king)[0]
    if pos.file_rank(king)[1] != back or attacked(pos, king, not white):
        return moves
    for rook_file in rights:
        a_side = rook_file < king_file
        king_to = 2 if a_side else pos.width - 2
        rook_to = 3 if a_side else pos.width - 3
        low = min(king_file, king_to, rook_file, rook_to)
        high = max(king_file, king_to, rook_file, rook_to)
        span = [f for f in range(low, high + 1) if f not in (king_file, rook_file)]
        if any(pos.cells[pos.square(f, back)] != EMPTY for f in span):
            continue
        step = 1 if king_to > king_file else -1
        path = range(king_file + step, king_to, step)  # the landing square: tested after the move
        if any(attacked(pos, pos.square(f, back), not white) for f in path):
            continue
        moves.append((king, pos.square(rook_file, back), None, "castle"))
    return moves


def make(pos, move):
    """The position after a move (legal or not), the counters not kept up (unused here)."""
    src, dst, promotion, kind = move
    after = pos.copy()
    cells = after.cells
    white = pos.white_to_move
    back = 0 if white else 7
    moving = cells[src]
    after.ep = None
    if kind == "castle":
        a_side = dst < src
        cells[src] = cells[dst] = EMPTY
        cells[after.square(2 if a_side else pos.width - 2, back)] = moving
        cells[after.square(3 if a_side else pos.width - 3, back)] = "R" if white else "r"
        after.rights = {r for r in after.rights if r[0] != white}
    else:
        if kind == "ep":
            cells[dst - (pos.stride if white else -pos.stride)] = EMPTY
        cells[dst] = promotion or moving
        cells[src] = EMPTY
        if moving in "Kk":
            after.rights = {r for r in after.rights if r[0] != white}
        for sq in (src, dst):  # a rook that moves or is taken loses its right
            file, rank = pos.file_rank(sq)
            if rank in (0, 7):
                after.rights.discard((rank == 0, file))
        if moving in "Pp" and abs(dst - src) == 2 * pos.stride:
            file, rank = pos.file_rank((src + dst) // 2)
            after.ep = chr(ord("a") + file) + str(rank + 1)
    after.white_to_move = not white
    return after


def legal_moves(pos):
    white = pos.white_to_move
    result = []
    for move in pseudo_moves(pos):
        after = make(pos, move)
        if not attacked(after, after.king(white), not white):
            result.append(move)
    return result


def perft(pos, depth):
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make(pos, m), depth - 1) for m in moves)


def legal_ep(pos):
    """A legal en-passant capture exists."""
    return any(m[3] == "ep" for m in legal_moves(pos))


def castling_class(pos):
    """none; standard (rooks in the corners, the king on e, 10x8: f); chess960 (any other)."""
    if not pos.rights:
        return "none"
    king_file = 4 if pos.width == 8 else 5
    for white, rook_file in pos.rights:
        if rook_file not in (0, pos.width - 1) or pos.file_rank(pos.king(white))[0] != king_file:
            return "chess960"
    return "standard"


def signature(pos):
    """K, each kind's letter once per piece in the order Q A C R B N P, v, the same for Black."""
    letters = [c for _, c in pos.pieces()]

    def side_of(white):
        return "K" + "".join(kind * sum(1 for c in letters if c.upper() == kind
                                        and is_white(c) == white) for kind in SIGNATURE_ORDER)
    return side_of(True) + "v" + side_of(False)


def vocabulary(pos):
    """Every --where name's value, as Python values: ints, bools, and the words as text."""
    letters = [c for _, c in pos.pieces()]
    white_material = sum(MATERIAL[c] for c in letters if c.isupper())
    black_material = sum(MATERIAL[c.upper()] for c in letters if c.islower())
    white_eval = sum(SIMPLE_EVAL[c] for c in letters if c.isupper())
    black_eval = sum(SIMPLE_EVAL[c.upper()] for c in letters if c.islower())
    moves = legal_moves(pos)
    side = "w" if pos.white_to_move else "b"
    return {
        "pieces": len(letters),
        "pawns": sum(1 for c in letters if c in "Pp"),
        "side": side,
        "in_check": in_check(pos),
        "legal_moves": len(moves),
        "ep": any(m[3] == "ep" for m in moves),  # legal_ep, without a second generation
        "castling": castling_class(pos),
        "halfmove": pos.halfmove,
        "fullmove": pos.fullmove,
        "ply": 2 * (pos.fullmove - 1) + (0 if pos.white_to_move else 1),
        "material": white_material - black_material,
        # Books' cut (official-stockfish/books PR 72: 3N + 3B + 5R + 9Q < 20), both colours.
        "non_pawn_material": sum(MATERIAL[c.upper()] for c in letters if c not in "PpKk"),
        "simple_eval": (white_eval - black_eval) * (1 if pos.white_to_move else -1),
        "signature": signature(pos),
        "board": "8x8" if pos.width == 8 else "10x8",
    }


def perft_suite(path):
    """(line, {depth: nodes}) for each record of a perft EPD file (';D1 20 ;D2 400 ...')."""
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip() and not line.startswith("#"):
                fen, _, rest = line.partition(";")
                counts = {int(d): int(n) for d, n in re.findall(r"D(\d+)\s+(\d+)", rest)}
                yield fen.strip(), counts


def check_perft(fen, counts, depth2, depth3_nodes):
    """Depth 1; depth 2 if asked; depth 3 where it is cheap (castling rights lost, ep squares
    made and promotions reached by the moves before)."""
    pos = parse(fen)
    for depth in (1, 2, 3):
        cheap = {1: True, 2: depth2, 3: counts.get(3, depth3_nodes + 1) <= depth3_nodes}[depth]
        if depth in counts and cheap:
            got = perft(pos, depth)
            if got != counts[depth]:
                return f"perft {depth} of '{fen}': reference {got}, expected {counts[depth]}"
    return None


def check_ep_vectors(path):
    """On the valid 10x8 vectors with an ep square: it stays in the canonical output (legal ep
    only) exactly when the reference finds a legal capture. (Count, first disagreement.)"""
    checked = 0
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            parts = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(parts) < 3 or parts[1] != "valid":
                continue
            given, canonical = parse(parts[0]), parts[2].split()
            if given.ep is None:
                continue
            checked += 1
            if legal_ep(given) != (canonical[3] != "-"):
                return checked, (f"ep of '{parts[0]}': reference {legal_ep(given)}, "
                                 f"vector {canonical[3]}")
    return checked, None


def self_test(shared, depth2_per_suite, depth3_nodes=DEPTH3_NODES):
    """Checks the reference; returns the first disagreement, or None."""
    for fen, counts in HAND_PERFT:
        fault = check_perft(fen, dict(enumerate(counts, 1)), True, 0)
        if fault:
            return fault
    print(f"hand perft: {len(HAND_PERFT)} positions, depths 1 and 2 agree")
    if not shared or not os.path.isdir(os.path.join(shared, "vectors")):
        print("skipped the ../shared vectors: no shared directory here")
        return None
    vectors = os.path.join(shared, "vectors")
    for suite in ("perft-standard.epd", "perft-chess960.epd", "perft-10x8.epd"):
        records = list(perft_suite(os.path.join(vectors, suite)))
        for index, (fen, counts) in enumerate(records):
            fault = check_perft(fen, counts, index < depth2_per_suite, depth3_nodes)
            if fault:
                return fault
        deep = min(len(records), depth2_per_suite)
        deeper = sum(1 for _, counts in records if counts.get(3, depth3_nodes + 1) <= depth3_nodes)
        print(f"{suite}: {len(records)} positions at depth 1, {deep} at depth 2, "
              f"{deeper} at depth 3 agree")
    checked, fault = check_ep_vectors(os.path.join(vectors, "fen-vectors-10x8.tsv"))
    if fault:
        return fault
    print(f"fen-vectors-10x8.tsv: {checked} en-passant verdicts agree")
    return None


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    depth2 = 10**9
    if "--depth2" in argv:
        depth2 = int(argv[argv.index("--depth2") + 1])
        args.remove(str(depth2))
    fault = self_test(args[0] if args else None, depth2)
    if fault:
        print(f"FAIL: {fault}")
        return 1
    print("the reference agrees with every vector it was given")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
