#!/usr/bin/env python3
"""Writes raw (unminimized) seed inputs for the fuzz targets into OUT/<target>/.

    tests/fuzz/make_seeds.py OUT [SHARED_DIR]

SHARED_DIR (default ../shared beside the checkout) provides vectors/fen-vectors.tsv, the EPD
suites in vectors/ (perft-10x8.epd and fen-vectors-10x8.tsv also seed ten_by_eight_fuzzer) and
corpus/*.epd.zst (300 lines sampled with shuf and a fixed random source,
as `zstd -dc corpus/*.zst | shuf -n 300 --random-source=<(yes)`). The bad inputs of
RELIABILITY.md sections A-D and hostile 10x8 lines (TEN_BY_EIGHT_LINES) are written out below;
report_fuzzer's seeds are whole reports in its own input encoding (report_seeds). The output is
deterministic; minimize it into
tests/fuzz/corpus/<target>/ with libFuzzer's -merge=1 (see README.md).
"""

import hashlib
import pathlib
import random
import struct
import subprocess
import sys

K = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1"
S = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BOM = b"\xef\xbb\xbf"

# RELIABILITY.md sections A-D: bytes, framing and fields, syntax, legality.
BAD_LINES = [
    # A. framing, encoding, whitespace
    b"", b"\n", K + b"\r", K + b"\r\r", K + b"\rjunk", K + b"\x00junk", b"\x00\x00\x00",
    BOM + K, K + b" " + BOM, K + b" \xff", K.replace(b" w", b" \xc3\xa9"),
    b"  " + K + b"\t", b"4k3/8/8/8/8/8/8/4K3  w\t-  - 0   1", b"   ", b"\t \t",
    b"# hdr", b"  # comment \xff\x00", b"; note", K + b" # trailing",
    b"4k3/8/8/8/8/8/8/4K3\xc2\xa0w - - 0 1", b"4k3/8/8/8/8/8/8/4K3_w_-_-_0_1",
    b"4k3/8/8/8/8/8/8/4K3\x0bw - - 0 1", b"4k3/8/8/8/8/8/8/4K3\x0cw - - 0 1",
    K + b"\x1b[31m", K + b"\x7f", b"a" * 300, b"8/" * 200 + b"8 w - - 0 1",
    # B. field structure
    b"4k3/8/8/8/8/8/8/4K3 w - -", b"4k3/8/8/8/8/8/8/4K3 w - - 0", b"4k3/8/8/8/8/8/8/4K3",
    b"4k3/8/8/8/8/8/8/4K3 w", b"4k3/8/8/8/8/8/8/4K3 w -", K + b" extra", K + b" 0",
    b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x;y\";",
    b"4k3/8/8/8/8/8/8/4K3 w - - a \"foo\\\"bar\";; ; b \"foo\\\\\\\\\";",
    b"4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; fmvn 9;", K + b" hmvc 1;",
    b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2", b"4k3/8/8/8/8/8/8/4K3 w - - - bm Kd2;",
    b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w KQkq - 0 1",
    b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN~R w KQkq - 0 1",
    b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
    b"rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
    b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    # C. syntax
    b"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    b"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    b"KKKKKKKKK/8/8/8/8/8/8/8 w - - 0 1",
    b"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    b"rnbqkbnr/pppppppp/35/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    b"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    b"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
    b"rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    b"4k3/8/8/4X3/8/8/8/4K3 w - - 0 1", b"4k3/8/8/0/8/8/8/4K3 w - - 0 1",
    b"4k3/8/8/8/8/8/8/4K3 W - - 0 1", b"4k3/8/8/8/8/8/8/4K3 white - - 0 1",
    b"4k3/8/8/8/8/8/8/4K3 x - - 0 1",
    S.replace(b"KQkq", b"KK"), S.replace(b"KQkq", b"qkQK"), S.replace(b"KQkq", b"KQ-"),
    S.replace(b"KQkq", b"-K"), S.replace(b"KQkq", b"KQkqK"), S.replace(b"KQkq", b"kqKQ"),
    S.replace(b"KQkq", b"HAha"), S.replace(b"KQkq", b"AHah"),
    S.replace(b"- 0", b"e9 0"), S.replace(b"- 0", b"z3 0"), S.replace(b"- 0", b"e 0"),
    S.replace(b"- 0", b"E3 0"), S.replace(b"- 0", b"e33 0"),
    b"4k3/8/8/8/8/8/8/4K3 w - - -1 1", b"4k3/8/8/8/8/8/8/4K3 w - - +3 1",
    b"4k3/8/8/8/8/8/8/4K3 w - - 007 1", b"4k3/8/8/8/8/8/8/4K3 w - - 1_0 1",
    b"4k3/8/8/8/8/8/8/4K3 w - - 1a 1", "4k3/8/8/8/8/8/8/4K3 w - - \u0663 1".encode(),
    b"4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1",
    b"4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295",
    b"4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1", b"4k3/8/8/8/8/8/8/4K3 w - - 2147483648 1",
    b"4k3/8/8/8/8/8/8/4K3 w - - 0 0", b"4k3/8/8/8/8/8/8/4K3 w - - 0 -1",
    b"4k3/8/8/8/8/8/8/4K3 w - - 0 00000000000000000000001",
    # D. legality
    b"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", b"8/8/8/8/8/8/8/4K3 w - - 0 1",
    b"8/8/8/8/8/8/8/8 w - - 0 1", b"4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
    b"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", b"4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1",
    b"4k3/5P2/3N4/8/8/8/4R3/4K3 b - - 0 1", b"8/8/N7/2k5/N7/8/8/3K4 b - - 0 1",
    b"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
    b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
    b"rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    b"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    b"1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1",
    b"rnbqkbnr/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/RNBQKBNR w - - 0 1",
    b"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", b"k7/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
    b"4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1",
    b"rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3",
    b"rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 5 1",
    b"4k3/8/8/8/8/8/8/4K3 w - - 50 1", K[:-3] + b"7 42",
]

# 10x8 (X-FEN, ../shared/TENBYEIGHT.md): digit tokens, widths, A/C, castling letters on ten
# files, ep squares, material, checks by leapers, framing around a ten-file placement, and lines
# the router (has_ten_files) sees as ten files wide that are 8x8 below (and the reverse).
C = b"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
E = b"5k4/10/10/10/10/10/10/5K4 w - - 0 1"
R = b"r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"
TEN_BY_EIGHT_LINES = [
    C, E, R, C.replace(b" 0 1", b""), C.replace(b"KQkq", b"JAja"), C.replace(b"KQkq", b"AJaj"),
    # digit tokens and widths
    E.replace(b"/10/", b"/55/", 1), E.replace(b"/10/", b"/19/", 1), E.replace(b"/10/", b"/91/", 1),
    E.replace(b"/10/", b"/0/", 1), E.replace(b"/10/", b"/010/", 1), E.replace(b"/10/", b"/100/", 1),
    E.replace(b"/10/", b"/1000/", 1), E.replace(b"/10/", b"/10a/", 1), E.replace(b"/10/", b"/a10/", 1),
    E.replace(b"/10/", b"/9/", 1), E.replace(b"/10/", b"/11/", 1), E.replace(b"/10/", b"/8/", 1),
    E.replace(b"/10/", b"/1111111111/", 1), E.replace(b"/10/", b"/11111111111/", 1),
    E.replace(b"/10/", b"/45/", 1), E.replace(b"/10/", b"/2323/", 1), E.replace(b"/10/", b"/20/", 1),
    b"10/5k4/10/10/10/10/10/5K4 w - - 0 1", b"55/5k4/10/10/10/10/10/5K4 w - - 0 1",
    b"010/5k4/10/10/10/10/10/5K4 w - - 0 1", b"0010/5k4/10/10/10/10/10/5K4 w - - 0 1",
    b"19/5k4/10/10/10/10/10/5K4 w - - 0 1", b"1/5k4/10/10/10/10/10/5K4 w - - 0 1",
    b"5k4/10/10/10/10/10/10/5K4/10 w - - 0 1", b"5k4/10/10/10/10/10/5K4 w - - 0 1",
    b"5k4/10/10/10/10/10/10/5K4/ w - - 0 1", b"5k4//10/10/10/10/10/5K4 w - - 0 1",
    b"5k4/8/8/8/8/8/8/5K4 w - - 0 1", b"4k3/10/10/10/10/10/10/4K3 w - - 0 1",
    b"4k3/8/8/8/8/8/8/4K3 w - i3 0 1", b"4k3/8/8/8/8/8/8/4K3 w I - 0 1",
    b"4k3/8/8/8/8/8/8/3AK3 w - - 0 1", b"4k3/8/8/8/8/8/8/3CK3 w - - 0 1",
    b"1k8/10/10/10/10/10/10/AACCK5 w - - 0 1", b"1k8/10/10/10/10/10/10/AAACK5 w - - 0 1",
    b"1k8/pppppppppp/10/10/10/10/PPPPPPPPP1/AACCK5 w - - 0 1",
    b"1k8/pppppppppp/10/10/10/10/PPPPPPPP2/AAACK5 w - - 0 1",
    b"1k8/pppppppppp/10/10/10/10/PPPPPPPPPP/AACK6 w - - 0 1",
    b"1k8/pppppppppp/10/10/10/10/PPPPPPPPPP/AA1K6 w - - 0 1",
    b"1k8/pppppppppp/10/10/10/10/PPPPPPPPPP/QQ1K6 w - - 0 1",
    b"ccccckcccc/10/10/10/10/10/10/CCCCCKCCCC w - - 0 1",
    b"ccccckcccc/pppppppppp/10/10/10/10/PPPPPPPPPP/CCCCCKCCCC w - - 0 1",
    b"1k8/PPPPPPPPPP/PPPPPPPPPP/10/10/10/10/1K8 w - - 0 1",
    b"5k4/10/10/10/10/10/10/4X1K3 w - - 0 1", b"5k4/10/10/10/10/10/10/4J1K3 w - - 0 1",
    b"5k4/10/10/10/10/10/10/4j1K3 w - - 0 1", b"5k4/10/10/10/10/10/10/4a1K3 w - - 0 1",
    # castling on ten files
    R.replace(b"KQkq", b"QK"), R.replace(b"KQkq", b"KJ"), R.replace(b"KQkq", b"I"),
    R.replace(b"KQkq", b"JA"), R.replace(b"KQkq", b"AJ"), R.replace(b"KQkq", b"Jj"),
    R.replace(b"KQkq", b"kqKQ"), R.replace(b"KQkq", b"KQkqK"), R.replace(b"KQkq", b"-K"),
    R.replace(b"KQkq", b"K-"), R.replace(b"KQkq", b"Kk-"), R.replace(b"KQkq", b"KJkq"),
    R.replace(b"KQkq", b"HAha"), R.replace(b"KQkq", b"FAfa"), R.replace(b"KQkq", b"KL"),
    b"r1r2k2r1/pppppppppp/10/10/10/10/PPPPPPPPPP/R1R2K2R1 w KCkc - 0 1",
    b"r1r2k2r1/pppppppppp/10/10/10/10/PPPPPPPPPP/R1R2K2R1 w CI - 0 1",
    b"r1r2k3r/ppppp1pppp/10/10/10/10/PPPPP1PPPP/R1R2K3R w KCkc - 0 1",
    b"r1r2k3r/ppppp1pppp/10/10/10/10/PPPPP1PPPP/R1R2K3R w KAkc - 0 1",
    b"r1r2k3r/ppppp1pppp/10/10/10/10/PPPPP1PPPP/R1R2K3R w JCjc - 0 1",
    b"r1r2k3r/ppppp1pppp/10/10/10/10/PPPPP1PPPP/R1R2K3R w Q - 0 1",
    b"rr3k2rr/pppppppppp/10/10/10/10/PPPPPPPPPP/RR3K2RR w IBib - 0 1",
    b"rr3k2rr/pppppppppp/10/10/10/10/PPPPPPPPPP/RR3K2RR w KQkq - 0 1",
    b"5k4/10/10/10/10/10/10/R3K3RR w KIQ - 0 1",
    b"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w Jj - 0 1",
    b"qr2k2r1b/ppp1ppp2p/1a1nn4c/1C8/N2pbP4/1P6P1/P1PPP1PP1P/QRNAK2RBB b KQkq - 2 11",
    b"qr2k2r1b/ppp1ppp2p/1a1nn4c/1C8/N2pbP4/1P6P1/P1PPP1PP1P/QRNAK2RBB b BHbh - 2 11",
    # en passant on ten files
    R.replace(b"- 0 1", b"j6 0 1"), R.replace(b"- 0 1", b"k3 0 1"), R.replace(b"- 0 1", b"j3 0 1"),
    R.replace(b"- 0 1", b"J6 0 1"), R.replace(b"- 0 1", b"j10 0 1"), R.replace(b"- 0 1", b"a0 0 1"),
    b"rnabqkbcnr/p3ppppp1/1p8/2ppPP2Pp/9P/10/PPPP2PP2/RNABQKBCNR w KQkq j6 0 8",
    b"rnabqkbcnr/p3ppppp1/1p8/2ppPP2Pp/9P/10/PPPP2PP2/RNABQKBCNR w KQkq j6 3 8",
    b"1k8/10/10/K1Pp5c/10/10/10/10 w - d6 0 1", b"1k8/10/10/K1Pp5a/10/10/10/10 w - d6 0 1",
    b"1k8/10/10/K1Pp5q/10/10/10/10 w - d6 0 1", b"1k8/10/10/8Pp/10/10/10/K9 w - j6 0 1",
    b"k9/10/10/10/pP8/10/10/K9 b - b3 0 1", b"k9/10/10/10/8Pp/10/10/K9 b - i3 0 1",
    # checks with leapers
    b"5k4/10/10/10/10/5c4/10/5K4 b - - 0 1", b"5k4/10/10/10/10/10/3c6/5K4 w - - 0 1",
    b"5k4/10/10/10/4n5/10/3c6/5K4 w - - 0 1", b"5k4/10/10/10/10/5r4/3a6/5K4 w - - 0 1",
    b"5k4/10/10/10/10/10/3a3a2/5K4 w - - 0 1", b"5k4/10/10/10/10/10/3c1n4/5K4 w - - 0 1",
    b"5k4/10/10/10/10/10/5Kk3/10 w - - 0 1", b"5k4/10/10/10/10/5q4/10/5K4 w - - 0 1",
    b"5k4/10/10/5r4/10/5c4/10/5K4 w - - 0 1",
    b"5k4/10/10/10/3pP5/10/10/4K5 w - d6 0 1", b"5k4/10/10/3pP5/10/10/10/c3K5 w - d6 0 1",
    # fields, counters, EPD, framing
    E.replace(b" w ", b" x "), E.replace(b" 0 1", b" 0"), E + b" bm Kf2; id \"x\";",
    E.replace(b" 0 1", b" hmvc 3; fmvn 9;"), E.replace(b" 0 1", b" 0 1 hmvc 3;"),
    E.replace(b" 0 1", b" 4294967295 4294967295"), E.replace(b" 0 1", b" 4294967296 1"),
    E.replace(b" 0 1", b" 007 012"), E.replace(b" 0 1", b" 0 0"), E + b" extra", E + b" | 0.5",
    E.replace(b" - - 0 1", b" - - | 25 | 0.5"), E + b"\r", b"  " + E + b"\t", b"\t" + E,
    E.replace(b" ", b"\t"), E.replace(b" ", b"  "), BOM + E, E + b" " + BOM, E + b"\x00",
    E.replace(b"5K4", b"5K4[Aa]"), E.replace(b"5K4", b"5K~4"), b"10/" * 300 + b"10 w - - 0 1",
    b"10" * 2000, b"5k4/" + b"1" * 5000 + b" w - - 0 1", b"10", b"10/", b"10 w", b"1 0",
    b"5k4/10/10/10/10/10/10/5K4", b"5k4/10/10/10/10/10/10/5K4 w", b"5k4/10/10/10/10/10/10/5K4 w -",
    b"# 5k4/10/10/10/10/10/10/5K4 w - - 0 1", b"rnbqkbnrrn/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1",
    b"rnbqkbnr/pppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    b"rnbqkbnr/pppppppp/10/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
]


def ten_by_eight_lines(shared):
    """The fen column and the canonical outputs of fen-vectors-10x8.tsv, and perft-10x8.epd."""
    lines = []
    vectors = shared / "vectors"
    for row in (vectors / "fen-vectors-10x8.tsv").read_bytes().splitlines():
        if row.startswith(b"#"):
            continue
        fields = row.split(b"\t")
        lines.append(fields[0])
        if len(fields) > 2 and fields[2] not in (b"-", b""):
            lines.append(fields[2])
    lines.extend((vectors / "perft-10x8.epd").read_bytes().splitlines())
    return lines


def shared_lines(shared):
    lines = []
    vectors = shared / "vectors"
    for row in (vectors / "fen-vectors.tsv").read_bytes().splitlines():
        lines.append(row.split(b"\t")[0])
    for suite in sorted(vectors.glob("*.epd")):
        lines.extend(suite.read_bytes().splitlines())
    return lines


def corpus_sample(shared):
    files = " ".join(str(p) for p in sorted((shared / "corpus").glob("*.zst")))
    command = f"zstd -dc {files} | shuf -n 300 --random-source=<(yes)"
    out = subprocess.run(["bash", "-c", command], check=True, capture_output=True).stdout
    # Keep their terminators' CRs: the decoder gets the line as the splitter leaves it.
    return [line[:-1] if line.endswith(b"\r") else line for line in out.split(b"\n") if line]


# report_fuzzer reads its input as fuzz_input in report_fuzzer.cpp does: these helpers write
# the same encodings (counts, times, texts) so that seeds start from whole, plausible reports.
def rf_count(v):
    if v == 0:
        return bytes([0])
    if v == 1:
        return bytes([1])
    if v >= 2**64 - 255:
        return bytes([6, 2**64 - 1 - v])
    if v < 256:
        return bytes([2, v])
    if v < 2**16:
        return bytes([3]) + v.to_bytes(2, "little")
    if v < 2**32:
        return bytes([4]) + v.to_bytes(4, "little")
    return bytes([5]) + v.to_bytes(8, "little")


def rf_seconds(v):
    if v != v:
        return bytes([2])
    if v == float("inf"):
        return bytes([3])
    if v == float("-inf"):
        return bytes([4])
    if v == 0:
        return bytes([0])
    return bytes([6]) + struct.pack("<d", v)


def rf_text(raw):
    assert len(raw) < 256
    return bytes([0, len(raw)]) + raw


def rf_fen(index, edits=()):
    """fens[index] in report_fuzzer.cpp, then edits (op, at, value) as its edit() reads them."""
    return bytes([2, len(edits), index]) + b"".join(bytes(e) for e in edits)


def rf_path(index):
    return bytes([3, index])  # paths[index] in report_fuzzer.cpp


def rf_fragments(indices):
    return bytes([1, len(indices)]) + bytes(indices)  # fragments[i] in report_fuzzer.cpp


# Word indices into run_counters (the order of FENBATCH_RUN_COUNTERS in run_counters.hpp).
RF_WORDS = {
    "bytes": 1, "lines": 2, "skipped_blank": 3, "skipped_comment": 4, "valid": 6, "invalid": 7,
    "invalid_by_reason": 8, "repairs": 48, "written": 59, "unique": 60, "duplicates": 61,
    "excluded": 62, "white_to_move": 63, "black_to_move": 64, "castling_none": 65,
    "castling_standard": 66, "castling_chess960": 67, "legal_ep": 68, "in_check": 69,
    "piece_count": 70, "written_white_to_move": 111, "written_piece_count": 116,
    "ten_by_eight_lines": 164, "ten_by_eight_valid": 165, "ten_by_eight_written": 167,
}


def rf_counters(values, shape=3):
    """values: {name or (name, index): count}; shape bit 0 reconciles lines, bit 1 derives 8x8."""
    out = bytes([len(values)])
    for key, value in values.items():
        name, index = key if isinstance(key, tuple) else (key, 0)
        out += (RF_WORDS[name] + index).to_bytes(2, "little") + rf_count(value)
    return out + bytes([shape])


def rf_list_length(n):
    if n < 5:
        return bytes([n])
    if n <= 30:
        return bytes([200 + n])
    assert n >= 190 and (n - 190) % 4 == 0
    return bytes([250 + (n - 190) // 4])


def rf_seed(inputs=(), output=None, side_files=(), fen_field=None, excludes=(), modes=1,
            counters=None, per_input=(), reference=None, changed=(), stopped=False, top=20,
            material=(), written_material=(), repeated=(), samples=(), wall=0.0, threads=0,
            memory=None, distribution=None, time=b"\x00"):
    """One report_fuzzer input; the texts already encoded (rf_text, rf_fen, rf_path...)."""
    out = rf_list_length(len(inputs)) + b"".join(inputs)
    files = (1 if output is not None else 0) | (64 if fen_field is not None else 0)
    files |= 128 if excludes else 0
    for bit, _ in side_files:
        files |= bit  # 2 rejects, 4 stats json, 8 report, 16 duplicates, 32 counts
    out += bytes([files])
    out += output if output is not None else b""
    for _, text in sorted(side_files):
        out += text
    out += fen_field if fen_field is not None else b""
    out += rf_list_length(len(excludes)) + b"".join(excludes) if excludes else b""
    out += bytes([0, 0, 0]) + rf_count(top) + bytes([modes, 0, 0, 0])  # format, codec, level
    out += rf_count(threads) + rf_count(1 << 20) + rf_count(0)  # threads, chunk, max bytes
    out += rf_counters(counters or {})
    out += rf_list_length(len(per_input))
    for path, values in per_input:
        out += path + rf_counters(values)
    out += bytes([1]) + b"".join(rf_count(v) for v in reference) if reference else bytes([0])
    out += bytes([len(changed)]) + b"".join(changed) + bytes([1 if stopped else 0, top & 0xFF])
    for table in (material, written_material):
        out += bytes([len(table)])
        for signature, value in table:
            out += bytes([0]) + signature.to_bytes(8, "little") + rf_count(value)
    out += bytes([len(repeated)]) + b"".join(text + rf_count(n) for text, n in repeated)
    out += bytes([len(samples)])
    for file, line, column, reason in samples:
        out += file + rf_count(line) + rf_count(column) + rf_count(0) + bytes([reason])
    out += rf_seconds(wall) + rf_count(threads)
    if memory:
        limit, source, partitioned = memory
        out += bytes([1]) + rf_count(limit) + source + bytes([partitioned]) + rf_count(1000)
        out += rf_count(4) + rf_count(1 << 24)
    else:
        out += bytes([0])
    out += bytes([1]) + b"".join(rf_count(v) for v in distribution) if distribution else bytes([0])
    return out + time


def rf_material(queens, rooks, bishops, knights, pawns, black):
    """An 8x8 material signature (core/material.hpp): four bits per count, marker bit 40."""
    signature = 1 << 40
    for i, n in enumerate((queens, rooks, bishops, knights, pawns) + black):
        signature |= n << (4 * i)
    return signature


def report_seeds():
    hostile = [b"<x>&\"'", b"a<script>b", b"/data/\xff\xfe<b>.fen", b"nul\x00\x01\x1b\x7f",
               b"\xc2\x85\xef\xbf\xbe\xed\xa0\x80\xf4\x90\x80\x80\xe2\x80", b"]]>&amp;&#",
               b"-", b"", b"/", b"dir/"]
    start = rf_material(1, 2, 2, 2, 8, (1, 2, 2, 2, 8))
    typical_counts = {
        "bytes": 123456, "written": 900, "duplicates": 80, "invalid": 20, "skipped_blank": 3,
        "valid": 980, "unique": 900, ("invalid_by_reason", 15): 12,
        ("invalid_by_reason", 24): 8, "white_to_move": 600, "black_to_move": 380,
        "castling_none": 500, "castling_standard": 470, "castling_chess960": 10,
        "in_check": 40, "legal_ep": 5, ("piece_count", 32): 300, ("piece_count", 20): 500,
        ("piece_count", 3): 180, ("written_piece_count", 32): 250,
        ("written_piece_count", 20): 480, ("repairs", 1): 7,
    }
    typical = rf_seed(
        inputs=[rf_text(b"/data/corpus/a.epd"), rf_text(b"/data/corpus/b.fen.zst"), rf_path(0)],
        output=rf_text(b"/data/out.fen"), side_files=[(2, rf_text(b"rejects.txt")),
                                                      (8, rf_text(b"report.html"))],
        counters=typical_counts,
        per_input=[(rf_text(b"/data/corpus/a.epd"), {"written": 500, "duplicates": 50}),
                   (rf_text(b"/data/corpus/b.fen.zst"), {"written": 400, "invalid": 20}),
                   (rf_path(0), {})],
        material=[(start, 600), (rf_material(0, 0, 0, 0, 1, (0, 0, 0, 0, 0)), 380)],
        written_material=[(start, 550)],
        repeated=[(rf_fen(0), 40), (rf_fen(1), 12), (rf_fen(2), 3), (rf_fen(3), 2)],
        samples=[(rf_text(b"/data/corpus/b.fen.zst"), 17, 9, 15),
                 (rf_text(b"/data/corpus/b.fen.zst"), 31, 1, 24)],
        wall=2.5, threads=4, memory=((8 << 30), rf_text(b"cgroup memory.max"), 0))
    ten = rf_seed(
        inputs=[rf_text(b"capablanca.epd")], modes=1,
        counters={"written": 10, "duplicates": 5, "valid": 15, "ten_by_eight_lines": 9,
                  "ten_by_eight_valid": 9, "ten_by_eight_written": 6, ("piece_count", 40): 9,
                  ("piece_count", 4): 6, "white_to_move": 15, "castling_standard": 15},
        material=[((1 << 56) | 0x11122281112228, 9)],
        repeated=[(rf_fen(4), 3), (rf_fen(5), 2), (rf_fen(6), 2),
                  (rf_fen(4, [(0, 2, ord("A")), (2, 0, 0)]), 2)],
        wall=0.004, threads=1)
    nasty = rf_seed(
        inputs=[rf_text(t) for t in hostile], output=rf_text(b"<out>&\xff"),
        side_files=[(2, rf_text(b"\"rej\"")), (4, rf_text(b"s&t")), (8, rf_text(b"<r>")),
                    (16, rf_text(b"d'u")), (32, rf_text(b"\xff\xfe"))],
        fen_field=rf_text(b"<fen>"), excludes=[rf_text(b"<ex>&"), rf_text(b"\xe2\x80")],
        counters={"written": 1, "invalid": 3, ("invalid_by_reason", 4): 3}, stopped=True,
        per_input=[(rf_text(t), {"invalid": 1}) for t in hostile],
        reference=(1, 2, 1, 1, 1), changed=[rf_text(b"<changed>&"), rf_text(b"\x00")],
        repeated=[(rf_text(b"<b>&\"'"), 5), (rf_text(b"8/8/8/8/8/8/8/8 w<x"), 4),
                  (rf_fragments([0, 19, 1, 19, 20, 20, 20, 20, 2, 19, 3, 39, 49, 54]), 3)],
        samples=[(rf_text(t), 1, 1, 4) for t in hostile],
        wall=float("nan"), memory=(1, rf_text(b"<src>&\xff"), 1), time=b"\x03\x01")
    extreme = rf_seed(
        inputs=[rf_path(i % 9) for i in range(210)],
        counters={name: 2**64 - 1 for name in ("bytes", "lines", "written", "duplicates",
                                               "invalid", "valid", "in_check")},
        per_input=[(rf_path(i % 9), {"lines": 2**64 - 1}) for i in range(210)],
        material=[(2**64 - 1, 2**64 - 1), (1 << 40, 2**64 - 2)],
        repeated=[(rf_fen(i % 8), 2**64 - 1 - i) for i in range(25)],
        samples=[(rf_path(3), 2**64 - 1, 2**32 - 1, 3 + i) for i in range(35)],
        wall=float("inf"), threads=2**32 - 1, distribution=(8, 2**64 - 1, 0), time=b"\x03\x00",
        top=2**64 - 1)
    tiny_time = rf_seed(counters={"lines": 5, "written": 5, "valid": 5}, wall=5e-324,
                        time=b"\x02" + (-1).to_bytes(8, "little", signed=True))
    before_1970 = rf_seed(wall=-3.0, time=b"\x02" + (-(15 * 10**17)).to_bytes(8, "little",
                                                                           signed=True))
    return [bytes(1), typical, ten, nasty, extreme, tiny_time, before_1970]


def write_seeds(directory, seeds):
    directory.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        name = hashlib.sha1(seed).hexdigest()
        (directory / name).write_bytes(seed)


def main():
    out = pathlib.Path(sys.argv[1])
    here = pathlib.Path(__file__).resolve().parent
    shared = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else here.parents[2] / "shared"
    good = shared_lines(shared) + corpus_sample(shared)
    rng = random.Random(1)

    write_seeds(out / "fen_decode_fuzzer", good + BAD_LINES)
    # Some 8x8 lines too: a line is one board or the other.
    write_seeds(out / "ten_by_eight_fuzzer",
                ten_by_eight_lines(shared) + TEN_BY_EIGHT_LINES + [K, S] + BAD_LINES[60:90])

    # Lines mixed into small files with every framing: LF, CRLF, lone CR, no final LF, BOM,
    # blank and comment lines.
    pool = good + BAD_LINES

    def some_file(n, lines=pool):
        parts = []
        if rng.random() < 0.2:
            parts.append(BOM)
        for _ in range(n):
            kind = rng.random()
            if kind < 0.08:
                line = b""
            elif kind < 0.14:
                line = b"# " + rng.choice(pool)[:20]
            elif kind < 0.3:
                line = rng.choice([K, S])  # repeats, for the dedupe
            else:
                line = rng.choice(lines)
            parts.append(line + rng.choice([b"\n", b"\n", b"\n", b"\r\n", b"\r"]))
        text = b"".join(parts)
        return text[:-1] if rng.random() < 0.2 and text else text

    splitter = [b"\x00\x00", b"\x01\x00\n", b"\x03\x00a\nb\r\nc\rd\r", b"\x00\x00\r\n\r\n\n\r"]
    splitter += [rng.randbytes(2) + some_file(rng.randint(1, 12)) for _ in range(60)]
    write_seeds(out / "line_splitter_fuzzer", splitter)

    pipeline = [bytes(5), bytes(5) + K, bytes(5) + BOM + K + b"\r\n" + S + b"\r\n" + K]
    pipeline += [rng.randbytes(5) + some_file(rng.randint(1, 40)) for _ in range(120)]
    write_seeds(out / "pipeline_fuzzer", pipeline)

    # Two header bytes (options, key kind and the wide modes), then a small file of both
    # boards' lines.
    both_boards = pool + ten_by_eight_lines(shared) + TEN_BY_EIGHT_LINES
    rows = [bytes(2), bytes(2) + K, bytes(2) + BOM + K + b"\r\n" + S,
            b"\xc0\x08" + K + b"\n" + S, b"\x80\x00" + K + b"\n" + S,  # wide split, table
            b"\x22\x00" + S + b" 5 labels\n" + K + b" | 0.5"]  # EPD output, payloads
    rows += [rng.randbytes(2) + some_file(rng.randint(1, 10), both_boards) for _ in range(40)]
    write_seeds(out / "position_row_fuzzer", rows)

    write_seeds(out / "report_fuzzer", report_seeds())


if __name__ == "__main__":
    main()
