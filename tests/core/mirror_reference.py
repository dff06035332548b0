#!/usr/bin/env python3
"""The colour-flipped twin of FEN/EPD lines, as python-chess's Board.mirror() makes it, written
from FEN text alone (standard library only; shares no code with fenbatch): the reference of
tests/core/mirror_reference_test.cpp.

Reads lines on standard input (bytes, LF-separated) and writes one line per input line:
  placement side castling ep [halfmove fullmove]
- placement: the ranks in reverse order (rank 8 becomes rank 1), each piece letter's case
  swapped (colours swapped); digit runs unchanged, so 8x8 and 10x8 alike;
- side: the other one;
- castling: python-chess keeps the rights as rook squares and flips them with the board, so each
  letter keeps its file (or its K/Q side, the geometry being mirrored too) and changes colour:
  the case swapped, the new White letters (the old Black ones) first, each colour's letters in
  their original order;
- ep: the same file, rank 3 <-> rank 6;
- the counters kept when fields 5 and 6 are integers (EPD operations are dropped: they name
  moves of the original).
A line with fewer than four fields gives an empty line.
"""
import sys


def mirror_placement(placement):
    return "/".join(rank.swapcase() for rank in reversed(placement.split("/")))


def mirror_castling(castling):
    if castling == "-":
        return "-"
    swapped = castling.swapcase()
    return "".join(c for c in swapped if c.isupper()) + "".join(c for c in swapped if c.islower())


def mirror_ep(ep):
    if ep == "-" or len(ep) != 2:
        return ep
    return ep[0] + {"3": "6", "6": "3"}.get(ep[1], ep[1])


def mirror_line(line):
    fields = line.split()
    if len(fields) < 4:
        return ""
    placement, side, castling, ep = fields[:4]
    out = [mirror_placement(placement), {"w": "b", "b": "w"}.get(side, side),
           mirror_castling(castling), mirror_ep(ep)]
    if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit():
        out += fields[4:6]
    return " ".join(out)


def main():
    data = sys.stdin.buffer.read().decode("latin-1")
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    sys.stdout.buffer.write("".join(mirror_line(l) + "\n" for l in lines).encode("latin-1"))


if __name__ == "__main__":
    main()
