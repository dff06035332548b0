#!/usr/bin/env python3
"""Which occurrence survives (issues 28 and 29), written straight from the issues' rules,
sharing no code with fenbatch: the independent reference of tests/cli/cases/
survivors_reference.sh and keep_ranked_reference.sh.

A position's lines are, in input order, its 1st..F-th occurrences, put in an order: with
--keep first their input order, with --keep last the reverse, with --keep max:FIELD (min:FIELD)
by their value, largest (smallest) first, lines without a value after every line with one, equal
values in input order. A line's value is its field read as a number when the field's text
(blanks around it trimmed) is an integer or a decimal with an optional sign, else none (missing
or not a number). The first M (--max-per-position) in that order are written, at their places
in input order; a position seen fewer than N times (--min-count) writes none of its lines, each
counted as rare; every other line not written is a duplicate of the first line in that order
(the line that stands for the position). The identity of a line is its position (--key
position): the first four fields of its canonical form, which a plain fenbatch run writes (the
canonical form itself is tested elsewhere, against ../shared/vectors).

Usage: survivors_reference.py INPUT CANONICAL REJECTS OUTDIR KEEP M N [KIND]
  INPUT      the input as read (line numbers, values, the duplicates' text)
  CANONICAL  a plain run's output (`fenbatch --rejects REJECTS INPUT CANONICAL`): the valid
             records, canonical, in input order
  REJECTS    that run's rejects (FILE:LINE:COL: ...): the invalid lines
  KEEP       first, last, max:FIELD or min:FIELD
  KIND       fen (the default): FEN/EPD lines (blank and # lines skipped); FIELD, if any, a
             1-based column of a payload that starts with `|` (`|`-separated, the empty part
             before the first `|` not counted); csv: a CSV file with a header, the position in
             column 1, FIELD a 1-based column
Writes OUTDIR/out.fen (the written records, after the header for csv), OUTDIR/counts.tsv (one
line per written position, in output order: its count of lines read, its position and the
FILE:LINE of its first written line, or with max/min of its best line), OUTDIR/dups.txt (each
duplicate: FILE:LINE: duplicate of FILE:LINE: the line as read) and prints
"written W duplicates D rare R unique U".
"""
import csv
import os
import re
import sys

NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def value_of(kind, line, column):
    if kind == "csv":
        row = next(csv.reader([line]))
        field = row[column - 1] if column <= len(row) else None
    else:
        # (The tests' payloads all start with `|`, and a position has none.)
        parts = line[line.index("|"):].split("|")[1:] if "|" in line else []
        field = parts[column - 1] if column <= len(parts) else None
    text = field.strip(" \t") if field is not None else ""
    return float(text) if NUMBER.fullmatch(text) else None


def position_of(kind, canonical_line):
    fen = next(csv.reader([canonical_line]))[0] if kind == "csv" else canonical_line
    return " ".join(fen.split(" ")[:4])


def main():
    input_path, canonical_path, rejects_path, outdir, keep, m_text, n_text = sys.argv[1:8]
    kind = sys.argv[8] if len(sys.argv) > 8 else "fen"
    m, n = int(m_text), int(n_text)
    which, _, column = keep.partition(":")
    with open(input_path, encoding="utf-8", newline="") as f:
        raw = [line.rstrip("\n").rstrip("\r") for line in f]
    rejected = set()
    with open(rejects_path, encoding="utf-8") as f:
        for line in f:
            rest = line[len(input_path) + 1:]
            rejected.add(int(rest.split(":", 1)[0]))
    first_record = 2 if kind == "csv" else 1
    numbers = [i + 1 for i, text in enumerate(raw)
               if i + 1 >= first_record and i + 1 not in rejected and text.strip()
               and (kind == "csv" or not text.lstrip().startswith("#"))]
    with open(canonical_path, encoding="utf-8") as f:
        canonical = [line.rstrip("\n") for line in f]
    header, canonical = canonical[:first_record - 1], canonical[first_record - 1:]
    if len(numbers) != len(canonical):
        sys.exit(f"{len(numbers)} valid input lines but {len(canonical)} canonical lines")
    values = [value_of(kind, raw[k - 1], int(column)) if column else None for k in numbers]

    # Each position's line indices (into canonical), in input order.
    lines_of = {}
    for index, line in enumerate(canonical):
        lines_of.setdefault(position_of(kind, line), []).append(index)

    fate = {}  # index -> "kept", "duplicate" or "rare"
    stands_for = {}  # position -> the line that stands for it
    listed_at = {}  # position -> the line where --counts lists it
    for position, indices in lines_of.items():
        if len(indices) < n:
            for i in indices:
                fate[i] = "rare"
            continue
        if which in ("max", "min"):
            # sorted() is stable: equal values stay in input order.
            order = sorted((i for i in indices if values[i] is not None),
                           key=lambda i: -values[i] if which == "max" else values[i])
            order += [i for i in indices if values[i] is None]
        else:
            order = indices if which == "first" else indices[::-1]
        for place, i in enumerate(order):
            fate[i] = "kept" if place < m else "duplicate"
        stands_for[position] = order[0]
        listed_at[position] = order[0] if which in ("max", "min") else min(order[:m])

    def place(index):
        return f"{input_path}:{numbers[index]}"

    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "out.fen"), "w", encoding="utf-8") as out, \
         open(os.path.join(outdir, "counts.tsv"), "w", encoding="utf-8") as counts, \
         open(os.path.join(outdir, "dups.txt"), "w", encoding="utf-8") as dups:
        for line in header:
            out.write(line + "\n")
        for index, line in enumerate(canonical):
            position = position_of(kind, line)
            if fate[index] == "kept":
                out.write(line + "\n")
                if listed_at[position] == index:
                    counts.write(f"{len(lines_of[position])}\t{position}\t{place(index)}\n")
            elif fate[index] == "duplicate":
                dups.write(f"{place(index)}: duplicate of {place(stands_for[position])}: "
                           f"{raw[numbers[index] - 1]}\n")
    tally = {"kept": 0, "duplicate": 0, "rare": 0}
    for f in fate.values():
        tally[f] += 1
    print(f"written {tally['kept']} duplicates {tally['duplicate']} rare {tally['rare']} "
          f"unique {len(lines_of)}")


if __name__ == "__main__":
    main()
