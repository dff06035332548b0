#!/usr/bin/python3
"""fenbatch.decode's speed from Python, beside a pure-Python reader of the same lines.

Measures, on N lines (default 1,000,000; the shared corpus's first lines, else fenbatch-gen's):
  - fenbatch.decode(bytes)        the lines as one bytes object, split as a file;
  - fenbatch.decode(list[str])    the same lines as a list of str;
  - Positions.planes()            N x 12 x 8 x 8 float32 planes of the decoded rows;
and beside each, the same work in Python on the same machine: a str.split-based FEN reader
(written below: placement to 12 bitboards, side, castling, ep, counters; no legality checks at
all, so it does less than decode) and NumPy planes from that reader's bitboards
(np.unpackbits). Prints positions per second, seconds, and the ratio. Not a test: timings are
the best of --repeat runs and wander on a shared machine.

Usage:
  PYTHONPATH=build/release/python /usr/bin/python3 bench/python_decode.py \
      [--lines N] [--input FILE] [--threads T] [--repeat R] [--python-lines M]
  --input: a FEN/EPD file (plain text); default: ../shared/corpus (FENBATCH_SHARED), else
           N lines from fenbatch-gen (FENBATCH_GEN, default build/release/apps/fenbatch-gen)
  --python-lines: lines the pure-Python reader times (default: all N; its rate is per line)
"""

import argparse
import os
import pathlib
import subprocess
import sys
import time

try:
    import numpy as np
    import fenbatch
except ImportError as error:
    sys.exit(f"python_decode.py: {error} (interpreter {sys.executable}); run it with an "
             "interpreter that has NumPy (/usr/bin/python3) and PYTHONPATH=build/release/python")

REPO = pathlib.Path(__file__).resolve().parents[1]
PIECES = {c: i for i, c in enumerate("PNBRQKpnbrqk")}
FILES = "abcdefgh"


def python_read(line):
    """One FEN/EPD line read with str.split: (12 bitboards, side, castling, ep, halfmove,
    fullmove), or None where the line does not even split into a board."""
    fields = line.split()
    if len(fields) < 4:
        return None
    boards = [0] * 12
    rank, file = 7, 0
    try:
        for c in fields[0]:
            if c == "/":
                rank -= 1
                file = 0
            elif c.isdigit():
                file += int(c)
            else:
                boards[PIECES[c]] |= 1 << (rank * 8 + file)
                file += 1
        ep = -1 if fields[3] == "-" else (int(fields[3][1]) - 1) * 8 + FILES.index(fields[3][0])
        counters = (int(fields[4]), int(fields[5])) if len(fields) >= 6 else (0, 1)
    except (KeyError, ValueError, IndexError):
        return None
    return boards, fields[1] == "b", fields[2], ep, counters[0], counters[1]


def python_planes(bitboards, dtype=np.float32):
    """N x 12 x 8 x 8 planes from an N x 12 uint64 array, with NumPy's unpackbits."""
    as_bytes = bitboards.astype("<u8").view(np.uint8).reshape(len(bitboards), 12, 8)
    bits = np.unpackbits(as_bytes, axis=2, bitorder="little")  # rank-major, a1 first
    return bits.reshape(len(bitboards), 12, 8, 8).astype(dtype, copy=False)


def corpus_lines(count):
    shared = pathlib.Path(os.environ.get("FENBATCH_SHARED") or REPO.parent / "shared")
    files = sorted((shared / "corpus").glob("*.epd.zst"))
    if not files:
        return None, None
    lines = []
    for path in files:
        text = subprocess.run(["zstd", "-dc", str(path)], check=True,
                              capture_output=True).stdout
        lines.extend(text.decode().splitlines())
        if len(lines) >= count:
            break
    return lines[:count], f"the shared corpus ({shared / 'corpus'})"


def generated_lines(count):
    gen = os.environ.get("FENBATCH_GEN") or REPO / "build" / "release" / "apps" / "fenbatch-gen"
    text = subprocess.run([str(gen), "-n", str(count), "--seed", "1"], check=True,
                          capture_output=True).stdout
    return text.decode().splitlines(), f"fenbatch-gen -n {count}"


def best(repeat, work):
    """The shortest of `repeat` timings of work(), and its last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--input")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--python-lines", type=int, default=None)
    args = parser.parse_args()

    if args.input:
        lines = pathlib.Path(args.input).read_bytes().decode().splitlines()[:args.lines]
        origin = args.input
    else:
        lines, origin = corpus_lines(args.lines)
        if lines is None:
            lines, origin = generated_lines(args.lines)
    text = ("\n".join(lines) + "\n").encode()
    n = len(lines)
    threads = args.threads
    print(f"{n:,} lines from {origin}; threads={threads or 'default'}; best of {args.repeat}; "
          f"Python {sys.version.split()[0]}, NumPy {np.__version__}, {os.cpu_count()} CPUs")

    t_bytes, table = best(args.repeat, lambda: fenbatch.decode(text, threads=threads))
    t_list, _ = best(args.repeat, lambda: fenbatch.decode(lines, threads=threads))
    t_planes, planes = best(args.repeat, lambda: table.planes())
    t_planes_u8, _ = best(args.repeat, lambda: table.planes(dtype=np.uint8))
    valid = int(table.valid.sum())

    sample = lines[:args.python_lines] if args.python_lines else lines
    t_python, parsed = best(1, lambda: [python_read(line) for line in sample])
    per_line_python = t_python / len(sample)
    boards = np.array([p[0] if p else [0] * 12 for p in parsed], dtype=np.uint64)
    t_np_planes, np_planes = best(args.repeat, lambda: python_planes(boards))
    t_np_planes_u8, _ = best(args.repeat, lambda: python_planes(boards, np.uint8))
    if not np.array_equal(np_planes, planes[:len(sample)]):
        print("note: NumPy planes differ from planes() (lines the str.split reader reads "
              "differently, such as invalid ones)")

    def row(what, seconds, python_seconds):
        print(f"| {what} | {n / seconds / 1e6:,.2f} M/s | {seconds:.3f} s | "
              f"{n / python_seconds / 1e6:,.3f} M/s | {python_seconds:.2f} s | "
              f"{python_seconds / seconds:,.1f}x |")

    print(f"\n{valid:,} valid rows; the pure-Python figures for {n:,} lines are "
          f"{'measured' if len(sample) == n else f'scaled from {len(sample):,} lines'}\n")
    print("| work | fenbatch | seconds | pure Python | seconds | ratio |")
    print("|---|---|---|---|---|---|")
    row("decode(bytes)", t_bytes, per_line_python * n)
    row("decode(list[str])", t_list, per_line_python * n)
    scale = n / len(sample)
    row("planes() float32", t_planes, t_np_planes * scale)
    row("planes(uint8)", t_planes_u8, t_np_planes_u8 * scale)
    print("\n(pure Python: the str.split reader for decode; np.unpackbits planes from its "
          "bitboards for planes())")


if __name__ == "__main__":
    main()
