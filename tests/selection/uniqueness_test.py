#!/usr/bin/env python3
"""selection.uniqueness: the --uniqueness statistics against uniqueness_reference.py, which
counts the six identities from the canonical lines of a plain fenbatch run (no dedupe) with the
same selection (--where, --exclude): the lines that reach dedupe.

    uniqueness_test.py FENBATCH FENBATCH_GEN SHARED_DIR

1. Hand-made lines (counters, ep legal and not, castling, colour-flipped twins, 10x8, invalid
   lines), alone, with --where and --exclude, and with --dedupe under each --key: every count
   exact and equal to the reference's; with --dedupe, uniqueness[--key] == unique.
2. A sample of ../shared/corpus (skipped with a message when absent): the same, exact.
3. Past the memory share: 50,000 generated positions under --memory-limit 16M: every identity
   estimated (exact: false), within 3 relative standard errors of the reference (for the one
   --key names with --dedupe: exact, unique), and the same numbers at -j1, -j2 and with small
   chunks.
Exit 1 on the first disagreement, with both values.
"""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uniqueness_reference as reference  # noqa: E402

KEY_OF = {"fen": "fen", "position": "position", "board": "board_side",
          "placement": "placement", "mirror": "mirror"}

HAND_LINES = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9",   # other counters
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",   # its colour-flipped twin
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1",    # castling differs
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # legal ep
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",   # the same without
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",   # legal ep, black
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2",
    "rnbqkbnr/pppp1ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",   # a twin of d3's
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
    "4K3/8/8/8/8/8/8/4k3 b - - 0 1",  # the flipped twin of the first
    "4K3/8/8/8/8/8/8/4k3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - hmvc 12; fmvn 40;",
    "r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3",
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR b KQkq - 0 1",
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 5 7",
    "5k4/10/10/10/10/10/10/5K4 w - - 0 1",
    "5K4/10/10/10/10/10/10/5k4 b - - 0 1",
    "not a fen",
    "",
]


def run(fenbatch, args, stats=None):
    command = [fenbatch, "-q"] + args
    if stats:
        command += ["--stats-json", stats]
    subprocess.run(command, check=True)
    return json.load(open(stats)) if stats else None


class Checker:
    def __init__(self, fenbatch, folder):
        self.fenbatch = fenbatch
        self.folder = folder
        self.failures = 0
        self.checks = 0

    def path(self, name):
        return os.path.join(self.folder, name)

    def expected(self, inputs, selection):
        """The reference's counts over what a plain run with this selection writes."""
        canonical = self.path("canonical.fen")
        run(self.fenbatch, selection + ["-o", canonical] + inputs)
        with open(canonical, encoding="ascii") as text:
            return reference.distinct_counts(text.read().splitlines())

    def fail(self, what, name, got, want):
        self.failures += 1
        print(f"FAIL {what}: {name}: fenbatch {got}, reference {want}")

    def exact(self, what, inputs, selection=(), extra=()):
        selection = list(selection)
        want = self.expected(inputs, selection)
        stats = self.path("stats.json")
        document = run(self.fenbatch, ["--uniqueness"] + selection + list(extra) +
                       ["-o", os.devnull] + inputs, stats)
        for name, count in want.items():
            got = document["uniqueness"][name]
            self.checks += 1
            if got != {"distinct": count, "exact": True, "relative_standard_error": 0}:
                self.fail(what, name, got, count)
        return document

    def keys(self, what, inputs, selection=()):
        """With --dedupe under each --key: the same counts, and the key's is `unique`. (--key
        also says what --exclude matches: the reference run gets it too.)"""
        for key, name in KEY_OF.items():
            document = self.exact(f"{what} --dedupe --key {key}", inputs,
                                  list(selection) + ["--key", key], ["--dedupe"])
            self.checks += 1
            if document["uniqueness"][name]["distinct"] != document["unique"]:
                self.fail(what, f"{name} (--key {key}) against unique",
                          document["uniqueness"][name], document["unique"])


def corpus_sample(shared, per_file):
    folder = os.path.join(shared, "corpus")
    lines = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".epd.zst"):
            text = subprocess.run(["zstd", "-dc", os.path.join(folder, name)], check=True,
                                  stdout=subprocess.PIPE).stdout.decode("ascii", "replace")
            every = text.splitlines()
            step = max(1, len(every) // per_file)
            lines += every[::step][:per_file]
    return lines


def estimated(checker, generated):
    """Past the identities' share (--memory-limit 16M): estimates within 3 sigma, the same at
    any -j and chunk size."""
    want = checker.expected([generated], [])
    results = []
    for extra in (["-j", "1"], ["-j", "2"], ["-j", "2", "--chunk-size", "64K"]):
        for dedupe in ([], ["--dedupe"]):
            stats = checker.path("estimated.json")
            document = run(checker.fenbatch, ["--uniqueness", "--memory-limit", "16M"] + extra +
                           dedupe + ["-o", os.devnull, generated], stats)
            table = document["uniqueness"]
            for name, count in want.items():
                got = table[name]
                checker.checks += 1
                if dedupe and name == "position":
                    if got != {"distinct": count, "exact": True, "relative_standard_error": 0}:
                        checker.fail("16M --dedupe", name, got, count)
                    continue
                error = abs(got["distinct"] - count) / count
                if got["exact"] or error > 3 * got["relative_standard_error"]:
                    checker.fail(f"16M {' '.join(extra + dedupe)}", name, got, count)
            results.append((tuple(dedupe), table))
    for dedupe in ([], ["--dedupe"]):
        tables = [table for flags, table in results if flags == tuple(dedupe)]
        checker.checks += 1
        if any(table != tables[0] for table in tables):
            checker.fail("16M at -j1, -j2, small chunks", " ".join(dedupe) or "no dedupe",
                         tables, tables[0])


def main():
    fenbatch, generator, shared = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as folder:
        checker = Checker(fenbatch, folder)
        hand = checker.path("hand.fen")
        with open(hand, "w", encoding="ascii") as text:
            text.write("\n".join(HAND_LINES) + "\n")
        reference_file = checker.path("reference.fen")
        with open(reference_file, "w", encoding="ascii") as text:
            text.write("4k3/8/8/8/8/8/8/4K3 b - - 0 1\n")
        checker.exact("hand-made", [hand])
        checker.keys("hand-made", [hand])
        selection = ["--where", "pieces < 32", "--exclude", reference_file]
        checker.exact("hand-made --where --exclude", [hand], selection)
        checker.keys("hand-made --where --exclude", [hand], selection)

        if os.path.isdir(os.path.join(shared, "corpus")):
            sample = checker.path("sample.epd")
            with open(sample, "w", encoding="ascii") as text:
                text.write("\n".join(corpus_sample(shared, 1000)) + "\n")
            checker.exact("corpus sample", [sample])
            checker.keys("corpus sample", [sample])
        else:
            print(f"skipped the ../shared corpus sample: {shared}/corpus is absent")

        generated = checker.path("generated.fen")
        with open(generated, "wb") as text:
            for variant in (["--variant", "mixed"], []):
                text.write(subprocess.run([generator, "-n", "25000", "--seed", "28"] + variant,
                                          check=True, stdout=subprocess.PIPE).stdout)
        estimated(checker, generated)
        print(f"{checker.checks} checks, {checker.failures} failed")
        return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
