#!/usr/bin/env python3
"""--keep max:FIELD / min:FIELD (issue 29), written straight from the issue's rules, sharing no
code with fenbatch: the independent reference of tests/cli/cases/keep_ranked_reference.sh.

A position's lines are, in input order, its 1st..F-th occurrences. Each has a value: its field
read as a number when the field's text (blanks around it trimmed) is an integer or a decimal
with an optional sign, else none (missing or not a number). The lines are ordered by value,
largest first for max and smallest first for min, lines without a number after every line with
one, equal values in input order; the first M (--max-per-position) in that order are written,
at their places in input order. A position seen fewer than N times (--min-count) writes none
of its lines, each counted as rare; every other line not written is a duplicate, of the
position's best line. The identity of a line is its position (--key position): the first four
fields of its canonical form.

Usage: ranked_survivors_reference.py INPUT CANONICAL REJECTS OUTDIR KIND FIELD WHICH M N
  INPUT      the input as read (line numbers, values, the duplicates' text)
  CANONICAL  a plain run's output (`fenbatch --rejects REJECTS INPUT CANONICAL`)
  REJECTS    that run's rejects (FILE:LINE:COL: ...)
  KIND       csv: a CSV file with a header, the position in column 1, FIELD a 1-based column;
             payload: FEN/EPD lines with a payload that starts with `|` (or none), FIELD its
             1-based `|`-separated column (the empty part before the first `|` does not count)
  WHICH      max or min
Writes OUTDIR/out (the written lines, after the header for csv), OUTDIR/counts.tsv (one line
per written position, in output order: its count of lines read, its position and the
FILE:LINE of its best line), OUTDIR/dups.txt (FILE:LINE: duplicate of FILE:LINE: the line as
read) and prints "written W duplicates D rare R unique U".
"""
import csv
import os
import re
import sys

NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def number(text):
    if text is None:
        return None
    text = text.strip(" \t")
    return float(text) if NUMBER.fullmatch(text) else None


def field_of(kind, line, column):
    if kind == "csv":
        row = next(csv.reader([line]))
        return row[column - 1] if column <= len(row) else None
    # (The test's payloads all start with `|`, and a position has none.)
    payload = line[line.index("|"):] if "|" in line else ""
    parts = payload.split("|") if payload else []
    if len(parts) > 1 and parts[0].strip() == "":
        parts = parts[1:]
    return parts[column - 1] if column <= len(parts) else None


def position_of(kind, canonical_line):
    fen = next(csv.reader([canonical_line]))[0] if kind == "csv" else canonical_line
    return " ".join(fen.split(" ")[:4])


def main():
    (input_path, canonical_path, rejects_path, outdir, kind, column_text, which, m_text,
     n_text) = sys.argv[1:10]
    column, m, n = int(column_text), int(m_text), int(n_text)
    with open(input_path, encoding="utf-8", newline="") as f:
        raw = [line.rstrip("\n").rstrip("\r") for line in f]
    rejected = set()
    with open(rejects_path, encoding="utf-8") as f:
        for line in f:
            rejected.add(int(line[len(input_path) + 1:].split(":", 1)[0]))
    first_data = 2 if kind == "csv" else 1
    numbers = [i + 1 for i, text in enumerate(raw)
               if i + 1 >= first_data and i + 1 not in rejected and text.strip()]
    with open(canonical_path, encoding="utf-8") as f:
        canonical = [line.rstrip("\n") for line in f]
    header = canonical[:first_data - 1]
    canonical = canonical[first_data - 1:]
    if len(numbers) != len(canonical):
        sys.exit(f"{len(numbers)} valid input lines but {len(canonical)} canonical lines")

    values = [number(field_of(kind, raw[k - 1], column)) for k in numbers]
    lines_of = {}
    for index, line in enumerate(canonical):
        lines_of.setdefault(position_of(kind, line), []).append(index)

    fate = {}
    best_of = {}
    for position, indices in lines_of.items():
        if len(indices) < n:
            for i in indices:
                fate[i] = "rare"
            continue
        with_number = [i for i in indices if values[i] is not None]
        # sorted() is stable: equal values stay in input order.
        ranked = sorted(with_number, key=lambda i: -values[i] if which == "max" else values[i])
        ranked += [i for i in indices if values[i] is None]
        for place, i in enumerate(ranked):
            fate[i] = "kept" if place < m else "duplicate"
        best_of[position] = ranked[0]

    def place(index):
        return f"{input_path}:{numbers[index]}"

    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "out"), "w", encoding="utf-8") as out, \
         open(os.path.join(outdir, "counts.tsv"), "w", encoding="utf-8") as counts, \
         open(os.path.join(outdir, "dups.txt"), "w", encoding="utf-8") as dups:
        for line in header:
            out.write(line + "\n")
        for index, line in enumerate(canonical):
            position = position_of(kind, line)
            if fate[index] == "kept":
                out.write(line + "\n")
                if best_of[position] == index:
                    counts.write(f"{len(lines_of[position])}\t{position}\t{place(index)}\n")
            elif fate[index] == "duplicate":
                dups.write(f"{place(index)}: duplicate of {place(best_of[position])}: "
                           f"{raw[numbers[index] - 1]}\n")
    tally = {"kept": 0, "duplicate": 0, "rare": 0}
    for f in fate.values():
        tally[f] += 1
    print(f"written {tally['kept']} duplicates {tally['duplicate']} rare {tally['rare']} "
          f"unique {len(lines_of)}")


if __name__ == "__main__":
    main()
