#!/usr/bin/env python3
"""records.recipes: the README's three training-data recipes (issue 29) on generated data whose
expected output recipes_reference.py computes independently, byte for byte, at -j1 and -j2,
with small chunks, partitioned (--memory-limit 16M) and, when given, in fenbatch-mpi on 2 and 3
ranks.

    recipes_test.py FENBATCH [FENBATCH_MPI MPIEXEC [MPIEXEC_FLAGS...]]

Exit 1 on the first difference, naming the recipe, the variant and the first differing line.
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import recipes_reference  # noqa: E402

# Each recipe as the README writes it: (name, arguments before the inputs, inputs, output name,
# expected file).
RECIPES = [
    ("stockfish",
     ["--header", "no", "--columns", "ply,fen,move,score,result",
      "--where", "$score > -400 and $score < 400", "--where", "$ply >= 8",
      "--key", "placement", "--keep", "last"],
     ["sf.csv"], "out.plain", "sf.expected"),
    ("lichess_evals", ["--keep", "max:evals.0.depth"], ["evals.jsonl"], "out.jsonl",
     "evals.expected"),
    ("puzzles", ["--dedupe", "--exclude", "puzzles.csv", "--exclude-apply-moves", "Moves:1"],
     ["train.fen"], "out.fen", "train.expected"),
]

VARIANTS = [
    ("-j1", ["-j1"]),
    ("-j2", ["-j2"]),
    ("small chunks", ["-j2", "--chunk-size", "4096"]),
    ("partitioned", ["-j2", "--memory-limit", "16M", "--chunk-size", "8192"]),
]


def first_difference(got, expected):
    for n, (a, b) in enumerate(zip(got, expected), 1):
        if a != b:
            return f"line {n}: got {a!r}, expected {b!r}"
    return f"got {len(got)} lines, expected {len(expected)}"


def main(argv):
    fenbatch = argv[1]
    mpi = argv[2:5] and (argv[2], argv[3], argv[4:])
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        recipes_reference.make_all(folder)
        os.chdir(folder)
        variants = [(name, [fenbatch, "-q"] + args) for name, args in VARIANTS]
        if mpi:
            fenbatch_mpi, mpiexec, flags = mpi
            variants += [(f"fenbatch-mpi -n {n}", [mpiexec, *flags, "-n", str(n), fenbatch_mpi,
                                                   "-q", "-j1"]) for n in (2, 3)]
        for recipe, args, inputs, output, expected_file in RECIPES:
            expected = open(expected_file, encoding="ascii").read().splitlines()
            for variant, command in variants:
                if os.path.exists(output):
                    os.remove(output)
                subprocess.run(command + args + ["-o", output] + inputs, check=True)
                got = open(output, encoding="ascii").read().splitlines()
                if got != expected:
                    failures += 1
                    print(f"FAIL {recipe} ({variant}): {first_difference(got, expected)}")
                else:
                    print(f"ok   {recipe} ({variant}): {len(got)} lines")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
