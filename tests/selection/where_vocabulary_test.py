#!/usr/bin/env python3
"""selection.where_vocabulary: each --where name's value, as fenbatch selects by it, equals an
independent computation of it (where_vocabulary_reference.py, standard library only), line by
line, on a sample of the shared corpus, the shared 8x8 and 10x8 vectors and generated corpora.

    where_vocabulary_test.py FENBATCH FENBATCH_GEN SHARED_DIR [--per-file N] [--generated N]

1. The reference proves itself first (perft and en-passant vectors; see its docstring).
2. The sample: N lines spread evenly over each ../shared/corpus/*.epd.zst (read with
   `zstd -dc`), the positions of the vectors (perft-*.epd, fen-vectors-10x8.tsv), and
   fenbatch-gen output (mixed 8x8/10x8, and standard chess with a share of Chess960). Without
   ../shared the shared half is skipped with a message, the generated half still runs.
3. A plain `fenbatch --ep always` run makes the sample canonical (invalid lines are dropped;
   normalization is tested elsewhere against ../shared/vectors). `--ep always` keeps every
   valid ep square, so that whether a legal capture exists is decided by the reference, not
   read off the engine's output. Each canonical line gets its index as payload (`| 17`).
4. Each name is read back from fenbatch: a boolean by one run (`in_check`); a word by one run
   per word (`side == w`, `side == b`); an integer or a signature by ceil(log2(D + 1)) runs,
   run j keeping the lines whose value has bit j set in its 1-based index among the D distinct
   values the reference found (`legal_moves == 3 or legal_moves == 17 or ...`), so that every
   line's engine value is known exactly, and index 0 means a value the reference never gives.
   Then comparisons with thresholds from the reference's own distribution (`<`, `<=`, `>`,
   `>=`, `!=`, `abs()`), the issue's recipes, and `ep` under `--ep legal` and `--ep pseudo`
   (the value is the legal capture, whatever is written), each compared line by line.
The first disagreement of each name is printed with the line and both values; exit 1 if any.
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import where_vocabulary_reference as reference  # noqa: E402

BOOLEANS = ["in_check", "ep"]
WORDS = {"side": ["w", "b"], "castling": ["none", "standard", "chess960"],
         "board": ["8x8", "10x8"]}
INTEGERS = ["pieces", "pawns", "legal_moves", "halfmove", "fullmove", "ply", "material",
            "non_pawn_material", "simple_eval"]
SIGNED = ["material", "simple_eval"]
# The recipes, with the same selection written in Python over the reference's values.
RECIPES = [
    ("pieces >= 16 and not in_check", lambda v: v["pieces"] >= 16 and not v["in_check"]),
    ("pieces >= 16 and abs(simple_eval) > 750 or pieces < 16 and simple_eval <= 3000",
     lambda v: (v["pieces"] >= 16 and abs(v["simple_eval"]) > 750)
     or (v["pieces"] < 16 and v["simple_eval"] <= 3000)),
    ("not in_check and ply >= 16", lambda v: not v["in_check"] and v["ply"] >= 16),
    ("legal_moves == 0 or ep", lambda v: v["legal_moves"] == 0 or v["ep"]),
    ("board == 10x8 and castling != none and side == b",
     lambda v: v["board"] == "10x8" and v["castling"] != "none" and v["side"] == "b"),
    ("non_pawn_material < 20", lambda v: v["non_pawn_material"] < 20),
]


# Hand-made lines the generated games rarely reach: mates and stalemates on both boards, en
# passant that is legal, that is pinned along the rank, and that answers a pawn's check; counters.
HAND_LINES = [
    b"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    b"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    b"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    b"8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
    b"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    b"9k/7Q2/8K1/10/10/10/10/10 b - - 0 1",
    b"9k/8Q1/8K1/10/10/10/10/10 b - - 0 1",
    b"10/10/10/KPp6r/10/10/10/9k w - c6 0 2",
    # Counters: fullmove 0 (read as 1), the largest (ply past 2^32), EPD operations, zeros.
    b"K7/8/8/8/8/8/8/7k w - - 0 0",
    b"K7/8/8/8/8/8/8/7k b - - 4294967295 4294967295",
    b"K7/8/8/8/8/8/8/7k b - - hmvc 12; fmvn 40;",
    b"K9/10/10/10/10/10/10/9k b - - 007 0100",
]


def corpus_sample(shared, per_file):
    """Up to per_file lines of each corpus file, spread evenly over it."""
    folder = os.path.join(shared, "corpus")
    lines = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".epd.zst"):
            continue
        data = subprocess.run(["zstd", "-dc", os.path.join(folder, name)], check=True,
                              stdout=subprocess.PIPE).stdout
        # The line that holds each of per_file evenly spaced bytes (once, if lines are long).
        starts = sorted({data.rfind(b"\n", 0, len(data) * k // per_file) + 1
                         for k in range(per_file)})
        for start in starts:
            end = data.find(b"\n", start)
            lines.append(data[start:end if end >= 0 else len(data)])
    return lines


def vector_lines(shared):
    """The positions of the perft suites (operations cut off), the EPD test suites, and the
    first column of both FEN vector tables (their invalid lines drop out in the plain run)."""
    folder = os.path.join(shared, "vectors")
    lines = []
    for name in ("perft-standard.epd", "perft-chess960.epd", "perft-10x8.epd"):
        for fen, _ in reference.perft_suite(os.path.join(folder, name)):
            lines.append(fen.encode())
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as text:
            if name.startswith("epd-"):
                lines += text.read().splitlines()
            elif name.startswith("fen-vectors"):
                lines += [r.split(b"\t")[0] for r in text if not r.startswith(b"#") and b"\t" in r]
    return lines


def generated_lines(generator, count):
    lines = []
    for variant in (["--variant", "mixed"], []):
        out = subprocess.run([generator, "-n", str(count), "--seed", "28"] + variant,
                             check=True, stdout=subprocess.PIPE).stdout
        lines += out.splitlines()
    return lines


class Engine:
    """fenbatch over the tagged canonical sample: which line indices a --where keeps."""

    def __init__(self, fenbatch, folder, canonical):
        self.fenbatch = fenbatch
        self.folder = folder
        self.lines = [f"{line} | {index}" for index, line in enumerate(canonical)]
        self.tagged = os.path.join(folder, "tagged.fen")
        with open(self.tagged, "w", encoding="utf-8") as out:
            out.writelines(line + "\n" for line in self.lines)
        self.runs = 0

    def kept(self, expression, ep_written="always"):
        """The indices of the lines kept; `ep_written`: fenbatch's --ep (the lines are written
        unchanged only with `always`, which the sample was made with)."""
        self.runs += 1
        out = os.path.join(self.folder, "kept.fen")
        done = subprocess.run([self.fenbatch, "--payload", "--ep", ep_written, "--where",
                               expression, self.tagged, out], stderr=subprocess.PIPE)
        if done.returncode != 0:
            sys.exit(f"FAIL: fenbatch --where '{expression}' exited {done.returncode}: "
                     f"{done.stderr.decode(errors='replace').strip()}")
        kept = set()
        with open(out, encoding="utf-8") as lines:
            for line in lines:
                index = int(line.rsplit("|", 1)[1])
                if ep_written == "always" and line.rstrip("\n") != self.lines[index]:
                    sys.exit(f"FAIL: --where '{expression}' wrote '{line.rstrip()}' for "
                             f"'{self.lines[index]}'")
                kept.add(index)
        return kept


def literal(name, value):
    return f'"{value}"' if name == "signature" else str(value)


def engine_values(engine, name, count, expected):
    """Each line's value of `name` as fenbatch selects by it, or a text saying what went
    wrong (a boolean both kept and dropped, no word or two, a value outside the reference's)."""
    if name in BOOLEANS:
        kept = engine.kept(name)
        dropped = engine.kept(f"not {name}")
        return [(i in kept) if (i in kept) != (i in dropped) else f"both or neither of '{name}', "
                f"'not {name}'" for i in range(count)]
    if name in WORDS:
        found = [[] for _ in range(count)]
        for word in WORDS[name]:
            for i in engine.kept(f"{name} == {word}"):
                found[i].append(word)
        return [f[0] if len(f) == 1 else f"words {f}" for f in found]
    distinct = sorted(set(expected))
    codes = [0] * count
    for bit in range(math.ceil(math.log2(len(distinct) + 1))):
        chosen = [v for index, v in enumerate(distinct, 1) if index >> bit & 1]
        for i in engine.kept(" or ".join(f"{name} == {literal(name, v)}" for v in chosen)):
            codes[i] |= 1 << bit
    return [distinct[c - 1] if 0 < c <= len(distinct) else "none of the reference's values"
            for c in codes]


def threshold_checks(name, expected):
    """(expression, predicate) pairs with thresholds from the reference's distribution."""
    ordered = sorted(expected)
    low, middle, high = (ordered[int(q * (len(ordered) - 1))] for q in (0.2, 0.5, 0.8))
    checks = [(f"{name} < {low}", lambda v: v < low),
              (f"{name} >= {middle}", lambda v: v >= middle),
              (f"{name} <= {middle}", lambda v: v <= middle),
              (f"{name} > {high}", lambda v: v > high),
              (f"{name} != {middle}", lambda v: v != middle)]
    if name in SIGNED:
        t = sorted(abs(v) for v in expected)[len(expected) * 3 // 4]
        checks.append((f"abs({name}) > {t}", lambda v, t=t: abs(v) > t))
    return checks


def compare(label, canonical, expected, got):
    """Prints the first line where they differ; returns the number of such lines."""
    wrong = [i for i in range(len(canonical)) if expected[i] != got[i]]
    if wrong:
        i = wrong[0]
        print(f"FAIL {label}: {len(wrong)} of {len(canonical)} lines differ; first: "
              f"'{canonical[i]}': reference {expected[i]!r}, fenbatch {got[i]!r}")
    return len(wrong)


def check_all(engine, canonical, values):
    failures = 0
    count = len(canonical)
    for name in BOOLEANS + list(WORDS) + INTEGERS + ["signature"]:
        expected = [v[name] for v in values]
        failures += compare(name, canonical, expected, engine_values(engine, name, count, expected))
        if name in INTEGERS:
            for expression, predicate in threshold_checks(name, expected):
                kept = engine.kept(expression)
                failures += compare(f"'{expression}' (kept)", canonical,
                                    [predicate(e) for e in expected],
                                    [i in kept for i in range(count)])
    for expression, predicate in RECIPES:
        kept = engine.kept(expression)
        failures += compare(f"'{expression}' (kept)", canonical, [predicate(v) for v in values],
                            [i in kept for i in range(count)])
    for ep_written in ("legal", "pseudo"):  # ep is the legal capture whatever is written
        kept = engine.kept("ep", ep_written)
        failures += compare(f"'ep' with --ep {ep_written} (kept)", canonical,
                            [v["ep"] for v in values], [i in kept for i in range(count)])
    return failures


def canonical_sample(fenbatch, folder, lines):
    """The valid lines of the sample as fenbatch writes them (--ep always)."""
    sample, canonical = os.path.join(folder, "sample.epd"), os.path.join(folder, "canonical.fen")
    with open(sample, "wb") as out:
        out.writelines(line.rstrip(b"\r") + b"\n" for line in lines)
    done = subprocess.run([fenbatch, "--ep", "always", sample, canonical], stderr=subprocess.PIPE)
    if done.returncode not in (0, 1):  # 1: some lines invalid (the vectors have such lines)
        sys.exit(f"FAIL: the plain run exited {done.returncode}: {done.stderr.decode()}")
    with open(canonical, encoding="utf-8") as text:
        return [line.rstrip("\n") for line in text]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("fenbatch")
    parser.add_argument("generator")
    parser.add_argument("shared")
    parser.add_argument("--per-file", type=int, default=150, help="lines of each corpus file")
    parser.add_argument("--generated", type=int, default=1000,
                        help="lines of each generated corpus")
    parser.add_argument("--depth3-nodes", type=int, default=3000,
                        help="the reference's perft check goes to depth 3 up to this many leaves")
    args = parser.parse_args()

    fault = reference.self_test(args.shared if os.path.isdir(args.shared) else None, 10**9,
                                args.depth3_nodes)
    if fault:
        print(f"FAIL: the reference disagrees with the vectors, so it is not trusted: {fault}")
        return 1
    lines = HAND_LINES + generated_lines(args.generator, args.generated)
    if os.path.isdir(os.path.join(args.shared, "corpus")):
        lines += corpus_sample(args.shared, args.per_file) + vector_lines(args.shared)
    else:
        print(f"skipped the shared corpus and vectors half: {args.shared} is absent")
    with tempfile.TemporaryDirectory(prefix="where_vocabulary.") as folder:
        canonical = canonical_sample(args.fenbatch, folder, lines)
        values = [reference.vocabulary(reference.parse(line)) for line in canonical]
        engine = Engine(args.fenbatch, folder, canonical)
        failures = check_all(engine, canonical, values)
    boards = {b: sum(1 for v in values if v["board"] == b) for b in ("8x8", "10x8")}
    ep_squares = sum(1 for line in canonical if line.split()[3] != "-")
    print(f"{len(canonical)} valid lines of {len(lines)} ({boards['8x8']} 8x8, {boards['10x8']} "
          f"10x8; {sum(v['in_check'] for v in values)} in check, {ep_squares} with an ep square, "
          f"{sum(v['ep'] for v in values)} of them with a legal capture, "
          f"{sum(v['legal_moves'] == 0 for v in values)} without a move), "
          f"{engine.runs} fenbatch runs: {'FAIL' if failures else 'every value agrees'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
