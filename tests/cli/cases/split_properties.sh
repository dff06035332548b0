#!/usr/bin/env bash
# --split and --sample (issue 28), held to its properties by Python (standard library only; no fenbatch code):
# on a generated corpus with repeats, invalid lines and 10x8 positions, and on ../shared (two
# corpus files; left out without ../shared):
# - the parts are disjoint, each is in the order of the --dedupe output, and together they are
#   exactly the --dedupe output (so each is a subsequence of it and nothing is lost);
# - the statistics' per-split `written` are the files' line counts, `written_to_output` the
#   output's, and the reconciliation balances;
# - a position's split does not depend on the input around it: reversed input, and another
#   file read first, put every position in the same split (compared by the position's four
#   fields: with --key position the counters of the kept occurrence may differ);
# - without --dedupe every occurrence of a position lands in one file;
# - --sample keeps or drops all of a position's lines, counts the others as unsampled, and
#   composes with --dedupe and --split;
# - on 1,000,000 generated positions (200,000 in sanitizer builds), each split's share of the
#   unique positions is within 0.5 percentage points of its fraction (the hash is uniform;
#   sigma is 0.03 points for 10% on a million, 0.1 for 25% on 200,000).
set -euo pipefail
check() {  # check DEDUPED OUTPUT STATS SPLIT...: the first three properties
  python3 - "$@" <<'PY'
import json, sys
deduped, output, stats = sys.argv[1:4]
splits = sys.argv[4:]
def lines(path):
    with open(path, "rb") as f:
        return f.read().splitlines()
whole = lines(deduped)
parts = [lines(output)] + [lines(p) for p in splits]
place = {line: i for i, line in enumerate(whole)}
assert len(place) == len(whole), "the --dedupe output has repeated lines"
seen = set()
for part in parts:
    at = [place[line] for line in part]  # KeyError: a line not in the --dedupe output
    assert at == sorted(at), "a part is not in input order"
    assert not seen & set(at), "the parts overlap"
    seen |= set(at)
assert len(seen) == len(whole), "lines of the --dedupe output are missing from the parts"
s = json.load(open(stats))
assert [x["written"] for x in s["splits"]] == [len(p) for p in parts[1:]], "per-split written"
assert s["written_to_output"] == len(parts[0]) and s["written"] == len(whole)
assert s["reconciliation"]["balanced"]
print("disjoint, in order, union = --dedupe output, counts right:", [len(p) for p in parts])
PY
}
positions() {  # positions FILE...: each file's set of positions (4 fields), compared as given
  python3 - "$@" <<'PY'
import sys
def positions(path):
    with open(path) as f:
        return {" ".join(line.split()[:4]) for line in f}
files = [positions(p) for p in sys.argv[1:]]
half = len(files) // 2
for a, b in zip(files[:half], files[half:]):
    assert a == b, "a position changed split"
print("same positions per file:", [len(a) for a in files[:half]])
PY
}
subset() {  # subset A... -- B...: each A's positions within the B of the same place
  python3 - "$@" <<'PY'
import sys
args = sys.argv[1:]
cut = args.index("--")
def positions(path):
    with open(path) as f:
        return {" ".join(line.split()[:4]) for line in f}
for a, b in zip(args[:cut], args[cut + 1:]):
    assert positions(a) <= positions(b), a + " has positions outside " + b
print("every position in the same split with another file read first")
PY
}
"$FENBATCH_GEN" -n 60000 --seed 7 --variant mixed -o gen.fen
{ cat gen.fen; echo 'not a position'; head -n 5000 gen.fen; } >in.fen
splits=(--split test=10%:t.fen --split valid=5%:v.fen)
"$FENBATCH" -q -d in.fen all.fen
"$FENBATCH" -q -d "${splits[@]}" --stats-json s.json in.fen rest.fen
check all.fen rest.fen s.json t.fen v.fen
tac in.fen >reversed.fen
"$FENBATCH" -q -d --split test=10%:rt.fen --split valid=5%:rv.fen reversed.fen rrest.fen
positions rest.fen t.fen v.fen rrest.fen rt.fen rv.fen
"$FENBATCH_GEN" -n 20000 --seed 8 -o other.fen
"$FENBATCH" -q -d --split test=10%:ot.fen --split valid=5%:ov.fen -o orest.fen other.fen in.fen
subset rest.fen t.fen v.fen -- orest.fen ot.fen ov.fen
# Without --dedupe: every line written, each position's occurrences all in one file.
"$FENBATCH" -q --split test=10%:nt.fen --split valid=5%:nv.fen in.fen nrest.fen
"$FENBATCH" -q in.fen plain.fen
python3 - plain.fen nrest.fen nt.fen nv.fen <<'PY'
import sys
plain, *parts = sys.argv[1:]
read = lambda p: open(p).read().splitlines()
key = lambda line: " ".join(line.split()[:4])
assert sorted(read(plain)) == sorted(sum((read(p) for p in parts), [])), "lines lost"
owner = {}
for i, p in enumerate(parts):
    for line in read(p):
        assert owner.setdefault(key(line), i) == i, "a position in two files"
print("without --dedupe: every line written, each position in one file")
PY
# --sample: without --dedupe, a position's lines are all in or all out, and `unsampled` counts
# the lines out; with it, the sampled output is the --dedupe output's lines of the sampled
# positions, and the split of a sampled run is the sampled part of each split.
"$FENBATCH" -q --sample 30% --stats-json ns.json in.fen nsampled.fen
"$FENBATCH" -q -d --sample 30% --stats-json ds.json in.fen sampled.fen
"$FENBATCH" -q -d --sample 30% --split test=10%:st.fen --split valid=5%:sv.fen \
  --stats-json dss.json in.fen srest.fen
check sampled.fen srest.fen dss.json st.fen sv.fen
python3 - plain.fen nsampled.fen ns.json all.fen sampled.fen ds.json t.fen v.fen st.fen sv.fen <<'PY'
import json, sys
plain, nsampled, ns, deduped, sampled, ds, t, v, st, sv = sys.argv[1:]
read = lambda p: open(p).read().splitlines()
key = lambda line: " ".join(line.split()[:4])
kept = {key(line) for line in read(nsampled)}
expected = [line for line in read(plain) if key(line) in kept]
assert read(nsampled) == expected, "a position's lines not all in or all out"
s = json.load(open(ns))
assert s["unsampled"] == len(read(plain)) - len(expected) and s["reconciliation"]["balanced"]
assert s["per_input"][0]["unsampled"] == s["unsampled"]
assert s["boards"]["8x8"]["unsampled"] + s["boards"]["10x8"]["unsampled"] == s["unsampled"]
assert read(sampled) == [line for line in read(deduped) if key(line) in kept], "--dedupe --sample"
assert json.load(open(ds))["reconciliation"]["balanced"]
for whole, part in ((t, st), (v, sv)):
    assert read(part) == [line for line in read(whole) if key(line) in kept], "split of a sample"
share = len(kept) / len({key(line) for line in read(plain)})
assert abs(share - 0.3) < 0.02, share
print("--sample: positions in or out whole, composes with --dedupe and --split; share %.3f" % share)
PY
# A million positions: the shares.
million=1000000
[ -z "${FENBATCH_SANITIZE:-}" ] || million=200000
"$FENBATCH_GEN" -n "$million" --seed 9 -o million.fen
"$FENBATCH" -q -d --split a=10%:a.fen --split b=25%:b.fen --stats-json m.json million.fen m.fen
"$FENBATCH" -q -d --sample 30% --stats-json ms.json million.fen m.fen
python3 - m.json ms.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
for split, fraction in zip(s["splits"], (0.10, 0.25)):
    share = split["written"] / s["written"]
    assert abs(share - fraction) < 0.005, (split["name"], share)
sampled = json.load(open(sys.argv[2]))["written"] / s["written"]
assert abs(sampled - 0.30) < 0.005, sampled
print("split and sample shares within 0.5 points on %d unique positions" % s["written"])
PY
rm million.fen m.fen a.fen b.fen
if [ -n "$SHARED" ]; then
  files=("$SHARED"/corpus/*.epd.zst)
  "$FENBATCH" -q -d -o sall.epd "${files[0]}" "${files[1]}"
  "$FENBATCH" -q -d "${splits[@]}" --stats-json ss.json -o srest.epd "${files[0]}" "${files[1]}"
  check sall.epd srest.epd ss.json t.fen v.fen
fi
