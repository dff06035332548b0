#!/usr/bin/env bash
# fenbatch-gen --variant: the same seed gives the same bytes; every variant's output is valid for
# fenbatch (10x8 lines routed to the 10x8 reader, 8x8 lines to the 8x8 one), 10x8 variants
# write only ten-file lines, chess and chess960 only eight-file ones, mixed both; the start
# arrays are the variants' own (capablanca-random: bishops and queen/archbishop on opposite
# colours, king between the rooks, black mirroring white); promotions to A and C occur; an
# unknown --variant exits 2 naming the valid ones. Without --variant the output is the one
# fenbatch-gen wrote before --variant existed (its checksum, from that build).
set -uo pipefail
fail() { echo "FAIL: $*"; exit 1; }

[ "$("$FENBATCH_GEN" -n 200000 --seed 1 | md5sum | cut -d' ' -f1)" = \
  1005a8ed9a988170d791d3b35f3660a8 ] || fail "default output changed"

for v in capablanca capablanca-random gothic embassy janus chess chess960 mixed; do
  "$FENBATCH_GEN" -n 12000 --variant "$v" --seed 11 -o "$v.fen" || fail "$v: exit $?"
  "$FENBATCH_GEN" -n 12000 --variant "$v" --seed 11 | cmp -s - "$v.fen" || fail "$v: not reproducible"
  "$FENBATCH_GEN" -n 12000 --variant "$v" --seed 12 | cmp -s - "$v.fen" && fail "$v: seed ignored"
  "$FENBATCH" --stats "$v.fen" /dev/null 2>stats.txt || fail "$v: fenbatch exit $?"
  grep -Eq '^  invalid +0$' stats.txt || { cat stats.txt; fail "$v: invalid lines"; }
  # Lines by the width of their first rank (counts 1-9 and 10, one square per letter).
  widths=$(python3 - "$v.fen" <<'PY'
import re, sys, collections
widths = collections.Counter()
for line in open(sys.argv[1], newline=""):
    rank8 = line.split(None, 1)[0].split("/")[0]
    widths[sum(int(t) if t[0].isdigit() else 1 for t in re.findall(r"10|[1-9]|[A-Za-z]", rank8))] += 1
print(" ".join(f"{w}:{n}" for w, n in sorted(widths.items())))
PY
)
  echo "$v: $(wc -l <"$v.fen") lines, widths $widths"
done

# The starts each variant plays from: white's back rank of every game's first position.
python3 - <<'PY'
import re
def expand(rank):
    return "".join("." * int(t) if t[0].isdigit() else t for t in re.findall(r"10|[1-9]|[A-Za-z]", rank))
def starts(name):
    found = []
    for line in open(name + ".fen", newline=""):
        ranks = line.split()[0].split("/")
        if ranks[1] in ("pppppppppp", "pppppppp") and ranks[6] in ("PPPPPPPPPP", "PPPPPPPP") \
                and all(set(expand(r)) == {"."} for r in ranks[2:6]) and line.split()[1] == "w":
            found.append((ranks[0], ranks[7]))
    return found
for name, array in [("capablanca", "RNABQKBCNR"), ("gothic", "RNBQCKABNR"),
                    ("embassy", "RNBQKCABNR"), ("janus", "RANBKQBNAR"), ("chess", "RNBQKBNR")]:
    s = starts(name)
    assert s and all(w == array and b == array.lower() for b, w in s), name
    print(name, "starts:", len(s), "all", array)
arrays = set()
for black, white in starts("capablanca-random"):
    assert black == white.lower(), white
    f = {p: [i for i, c in enumerate(white) if c == p] for p in "RNBQKAC"}
    assert sorted(white) == sorted("RNABQKBCNR"), white
    assert f["B"][0] % 2 != f["B"][1] % 2, white + ": bishops on one colour"
    assert f["Q"][0] % 2 != f["A"][0] % 2, white + ": queen and archbishop on one colour"
    assert f["R"][0] < f["K"][0] < f["R"][1], white + ": king not between the rooks"
    arrays.add(white)
print("capablanca-random starts:", len(arrays), "distinct arrays, constraints hold")
s960 = {w for _, w in starts("chess960")}
print("chess960 starts: several arrays" if len(s960) > 5 else f"chess960: only {s960}")
mixed = {len(expand(w)) for _, w in starts("mixed")}
print("mixed start widths:", sorted(mixed))
# Promotions: more than the starting number of archbishops or chancellors.
promoted = set()
for name in ("capablanca", "gothic", "embassy", "capablanca-random"):
    for line in open(name + ".fen", newline=""):
        board = line.split()[0]
        for piece in "ACac":
            if board.count(piece) > 1:
                promoted.add(piece.upper())
print("promoted to:", "".join(sorted(promoted)))
PY

"$FENBATCH_GEN" -n 1 --variant capablanca >first.fen
cat first.fen
"$FENBATCH_GEN" --variant shogi 2>&1
echo "exit=$?"
"$FENBATCH_GEN" --variant chess --chess960-share 0.5 2>&1
echo "exit=$?"
