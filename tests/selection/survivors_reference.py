#!/usr/bin/env python3
"""Which occurrence survives (issue 28), written straight from the issue's rules, sharing no
code with fenbatch: the independent reference of tests/selection/survivors_check.sh.

A position's lines are, in input order, its 1st..F-th occurrences. With --keep first the first
M (--max-per-position) are written, with --keep last the last M; a position seen fewer than N
times (--min-count) writes none of its lines, each counted as rare; every other line not
written is a duplicate. The identity of a line is its position (--key position): the first
four fields of its canonical form, which a plain fenbatch run writes (the canonical form itself
is tested elsewhere, against ../shared/vectors).

Usage: survivors_reference.py INPUT CANONICAL REJECTS OUTDIR KEEP M N
  INPUT      the input as read (for the line numbers and the duplicates' text)
  CANONICAL  a plain run's output (`fenbatch --rejects REJECTS INPUT CANONICAL`): the valid
             lines, canonical, in input order
  REJECTS    that run's rejects (FILE:LINE:COL: ...): the invalid lines
Writes OUTDIR/out.fen (the written lines), OUTDIR/counts.tsv (one line per written position,
in output order: its count of lines read, its position and the FILE:LINE of its first
written line), OUTDIR/dups.txt (each duplicate: FILE:LINE: duplicate of FILE:LINE: the line as
read; of the first occurrence with --keep first, of the last with --keep last) and prints
"written W duplicates D rare R unique U".
"""
import os
import sys


def main():
    input_path, canonical_path, rejects_path, outdir, keep, m_text, n_text = sys.argv[1:8]
    m, n = int(m_text), int(n_text)
    with open(input_path, encoding="utf-8", newline="") as f:
        raw = [line.rstrip("\n").rstrip("\r") for line in f]
    rejected = set()
    with open(rejects_path, encoding="utf-8") as f:
        for line in f:
            rest = line[len(input_path) + 1:]
            rejected.add(int(rest.split(":", 1)[0]))
    numbers = [i + 1 for i, text in enumerate(raw)
               if i + 1 not in rejected and text.strip() and not text.lstrip().startswith("#")]
    with open(canonical_path, encoding="utf-8") as f:
        canonical = [line.rstrip("\n") for line in f]
    if len(numbers) != len(canonical):
        sys.exit(f"{len(numbers)} valid input lines but {len(canonical)} canonical lines")

    # Each position's line indices (into canonical), in input order.
    lines_of = {}
    for index, line in enumerate(canonical):
        lines_of.setdefault(" ".join(line.split(" ")[:4]), []).append(index)

    fate = {}  # index -> "kept", "duplicate" or "rare"
    stands_for = {}  # a duplicate's index -> the occurrence it is a duplicate of
    first_written = {}  # position -> the index of its first written line
    for position, indices in lines_of.items():
        final = len(indices)
        if final < n:
            for i in indices:
                fate[i] = "rare"
            continue
        kept = indices[:m] if keep == "first" else indices[-m:]
        representative = indices[0] if keep == "first" else indices[-1]
        for i in indices:
            if i in kept:
                fate[i] = "kept"
            else:
                fate[i] = "duplicate"
                stands_for[i] = representative
        first_written[position] = kept[0]

    def place(index):
        return f"{input_path}:{numbers[index]}"

    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "out.fen"), "w", encoding="utf-8") as out, \
         open(os.path.join(outdir, "counts.tsv"), "w", encoding="utf-8") as counts, \
         open(os.path.join(outdir, "dups.txt"), "w", encoding="utf-8") as dups:
        for index, line in enumerate(canonical):
            position = " ".join(line.split(" ")[:4])
            if fate[index] == "kept":
                out.write(line + "\n")
                if first_written[position] == index:
                    counts.write(f"{len(lines_of[position])}\t{position}\t{place(index)}\n")
            elif fate[index] == "duplicate":
                dups.write(f"{place(index)}: duplicate of {place(stands_for[index])}: "
                           f"{raw[numbers[index] - 1]}\n")
    tally = {"kept": 0, "duplicate": 0, "rare": 0}
    for f in fate.values():
        tally[f] += 1
    print(f"written {tally['kept']} duplicates {tally['duplicate']} rare {tally['rare']} "
          f"unique {len(lines_of)}")


if __name__ == "__main__":
    main()
