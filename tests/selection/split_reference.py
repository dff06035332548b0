#!/usr/bin/env python3
"""An independent reference of --split and --sample (issue 28), standard library only.

It shares no code with fenbatch: the position key (docs/usage.md, "Position key": XXH3-128 of
the six piece-type boards, the white pieces and the state word, top bit cleared for 8x8),
XXH3 itself (written out here from the xxHash 0.8 specification for the two lengths used:
64-byte keys, 128-bit, seed 0; 16-byte values, 64-bit, with a seed) and the split's definition
(v = XXH3_64bits_withSeed(key.low LE + key.high LE, 16, seed) >> 11; T(i) = floor(2^53 x the
first i fractions), exactly).

Usage: split_reference.py SPLIT_SEED FRACTION... -- CANONICAL_LINES
  prints, for each line it can decide (8x8, no en-passant field, castling '-' or K/Q/k/q
  with king and rook on their standard squares), the 0-based part (len(FRACTION) is the
  output) as "PART<TAB>LINE"; other lines are left out.
"""
import sys
from fractions import Fraction

MASK = (1 << 64) - 1
SECRET = bytes.fromhex(
    "b8fe6c3923a44bbe7c01812cf721ad1c"
    "ded46de9839097db7240a4a4b7b3671f"
    "cb79e64eccc0e578825ad07dccff7221"
    "b8084674f743248ee03590e6813a264c"
    "3c2852bb91c300cb88d0658b1b532ea3"
    "71644897a20df94e3819ef46a9deacd8"
    "a8fa763fe39c343ff9dcbbc7c70b4f1d"
    "8a51e04bcdb45931c89f7ec9d9787364"
    "eac5ac8334d3ebc3c581a0fffa1363eb"
    "170ddd51b7f0da49d316552629d4689e"
    "2b16be587d47a1fc8ff8b8d17ad031ce"
    "45cb3a8f95160428afd7fbcabb4b407e"
)
PRIME64_1 = 0x9E3779B185EBCA87
PRIME64_2 = 0xC2B2AE3D27D4EB4F
PRIME64_4 = 0x85EBCA77C2B2AE63


def le64(data, at):
    return int.from_bytes(data[at:at + 8], "little")


def mul128_fold64(a, b):
    product = a * b
    return (product ^ (product >> 64)) & MASK


def avalanche(h):
    h ^= h >> 37
    h = (h * 0x165667919E3779F9) & MASK
    return h ^ (h >> 32)


def mix16(data, at, secret_at, seed):
    return mul128_fold64(le64(data, at) ^ ((le64(SECRET, secret_at) + seed) & MASK),
                         le64(data, at + 8) ^ ((le64(SECRET, secret_at + 8) - seed) & MASK))


def xxh3_128_seed0(data):
    """XXH3_128bits for 17 to 128 bytes, seed 0, the default secret."""
    n = len(data)
    assert 16 < n <= 128
    low, high = (n * PRIME64_1) & MASK, 0

    def mix32(low, high, first, second, secret_at):
        low = (low + mix16(data, first, secret_at, 0)) & MASK
        low ^= (le64(data, second) + le64(data, second + 8)) & MASK
        high = (high + mix16(data, second, secret_at + 16, 0)) & MASK
        high ^= (le64(data, first) + le64(data, first + 8)) & MASK
        return low, high

    if n > 32:
        if n > 64:
            if n > 96:
                low, high = mix32(low, high, 48, n - 64, 96)
            low, high = mix32(low, high, 32, n - 48, 64)
        low, high = mix32(low, high, 16, n - 32, 32)
    low, high = mix32(low, high, 0, n - 16, 0)
    result_low = (low + high) & MASK
    result_high = (low * PRIME64_1 + high * PRIME64_4 + n * PRIME64_2) & MASK
    return avalanche(result_low), (-avalanche(result_high)) & MASK


def xxh3_64_16_bytes(data, seed):
    """XXH3_64bits_withSeed for exactly 16 bytes (the 9-16 byte path)."""
    assert len(data) == 16
    flip1 = ((le64(SECRET, 24) ^ le64(SECRET, 32)) + seed) & MASK
    flip2 = ((le64(SECRET, 40) ^ le64(SECRET, 48)) - seed) & MASK
    low = le64(data, 0) ^ flip1
    high = le64(data, 8) ^ flip2
    swapped = int.from_bytes(low.to_bytes(8, "little"), "big")
    return avalanche((16 + swapped + high + mul128_fold64(low, high)) & MASK)


PIECES = "pnbrqk"  # core::piece_type order: pawn, knight, bishop, rook, queen, king


def position_key(fields):
    """The --key position key of a canonical 8x8 line without ep, or None if not decidable."""
    placement, side, castling, ep = fields[:4]
    if ep != "-":
        return None
    ranks = placement.split("/")
    if len(ranks) != 8:
        return None
    by_type = [0] * 6
    white = 0
    board = {}
    for r, text in enumerate(ranks):
        rank = 7 - r
        file = 0
        for c in text:
            if c.isdigit():
                file += int(c)
                continue
            square = rank * 8 + file
            by_type[PIECES.index(c.lower())] |= 1 << square
            if c.isupper():
                white |= 1 << square
            board[square] = c
            file += 1
        if file != 8:
            return None
    rooks = 0
    corner = {"K": (4, 7, "K", "R"), "Q": (4, 0, "K", "R"), "k": (60, 63, "k", "r"),
              "q": (60, 56, "k", "r")}
    for letter in "" if castling == "-" else castling:
        if letter not in corner:
            return None  # (Shredder or Chess960 letters: not decided here)
        king, rook, king_piece, rook_piece = corner[letter]
        if board.get(king) != king_piece or board.get(rook) != rook_piece:
            return None
        rooks |= 1 << rook
    state = (0 if side == "w" else 1) | (rooks & 0xFF) << 8 | (rooks >> 56) << 16 | 64 << 24
    words = by_type + [white, state]
    low, high = xxh3_128_seed0(b"".join(w.to_bytes(8, "little") for w in words))
    return low, high & ~(1 << 63)


def selection_value(key, seed):
    low, high = key
    return xxh3_64_16_bytes(low.to_bytes(8, "little") + high.to_bytes(8, "little"), seed) >> 11


def thresholds(fractions):
    total, out = Fraction(0), []
    for f in fractions:
        total += Fraction(f.rstrip("%")) / (100 if f.endswith("%") else 1)
        out.append((total * 2**53).numerator // (total * 2**53).denominator)
    return out


def main():
    args = sys.argv[1:]
    cut = args.index("--")
    seed, fractions, path = int(args[0]), args[1:cut], args[cut + 1]
    bounds = thresholds(fractions)
    with open(path) as lines:
        for line in lines:
            key = position_key(line.split())
            if key is None:
                continue
            v = selection_value(key, seed)
            part = next((i for i, t in enumerate(bounds) if v < t), len(bounds))
            sys.stdout.write(f"{part}\t{line}")


if __name__ == "__main__":
    main()
