#!/usr/bin/env python3
"""The six --uniqueness identities counted from canonical FEN text alone (standard library only;
shares no code with fenbatch). Each line is a canonical line as a plain fenbatch run writes it
(default --ep legal: the ep field is the legal capture's square or '-'); fields are split on
spaces:

    fen                  fields 1-6 (placement, side, castling, ep, halfmove, fullmove)
    position             fields 1-4
    board_side_castling  fields 1-3
    board_side           fields 1-2
    placement            field 1
    mirror               fields 1-4 in their white-to-move form: a black-to-move line is turned
                         over (ranks in reverse order, letter case swapped, side w, castling
                         letters case-swapped, ep rank 3 <-> 6); 10x8 alike (8 ranks too)

    uniqueness_reference.py FILE  prints {"fen": N, ...} as JSON.
"""

import json
import sys

IDENTITIES = ["fen", "position", "board_side_castling", "board_side", "placement", "mirror"]


def white_to_move_form(fields):
    """The 4-field identity of the position or of its colour-flipped twin, whichever has White
    to move. Castling as a set of letters: the order of the letters is notation, not identity."""
    placement, side, castling, ep = fields[:4]
    if side == "w":
        return (placement, "w", frozenset(castling.replace("-", "")), ep)
    ranks = placement.split("/")
    flipped = "/".join(rank.swapcase() for rank in reversed(ranks))
    rights = frozenset(castling.replace("-", "").swapcase())
    if ep != "-":
        rank = {"3": "6", "6": "3"}[ep[-1]]
        ep = ep[:-1] + rank
    return (flipped, "w", rights, ep)


def identity_keys(line):
    fields = line.split()
    return {
        "fen": tuple(fields[:6]),
        "position": tuple(fields[:4]),
        "board_side_castling": tuple(fields[:3]),
        "board_side": tuple(fields[:2]),
        "placement": fields[0],
        "mirror": white_to_move_form(fields),
    }


def distinct_counts(lines):
    seen = {name: set() for name in IDENTITIES}
    for line in lines:
        if not line.strip():
            continue
        for name, key in identity_keys(line).items():
            seen[name].add(key)
    return {name: len(keys) for name, keys in seen.items()}


if __name__ == "__main__":
    with open(sys.argv[1], encoding="ascii") as text:
        print(json.dumps(distinct_counts(text.read().splitlines())))
