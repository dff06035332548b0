#!/usr/bin/env bash
# Stockfish's .plain (issue 29): records of KEY VALUE lines up to a line `e`, fields in any
# order. A small reader written here from the issue's rules (sharing no code with fenbatch)
# gives the expected output, rejects and counts of a file made here: tests/data/positions.fen's
# canonical positions (and one 10x8) as records with their fields shuffled, CR LF records,
# duplicates with other scores, and every reason: a garbage line between records (rejected
# alone), a record without fen, a repeated key, a bad line inside a record, a position the core
# rejects (its column counted in the record as rejects show it: lines joined by " | "), a lone
# e, and a record cut at the end of the file. Then: the same output at -j1 and -j2, with
# --chunk-size 1 (every chunk cut at a record end), streamed (--no-mmap, gzip on stdin); the
# output read back gives itself; a record over 64 lines is cut there (plain_unterminated), the
# lines after it read as the next record.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
head -n 8 "$DATA/positions.fen" >positions.fen
echo 'rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1' >>positions.fen
python3 - <<'PY'
import json, random
rng = random.Random(29)
fens = [l.strip() for l in open("positions.fen") if l.strip()]
lines = []  # (text, crlf)
def record(fields, crlf=False):
    for k, v in fields:
        lines.append((f"{k} {v}", crlf))
    lines.append(("e", crlf))
for round_ in range(3):
    for i, fen in enumerate(fens):
        fields = [("fen", fen), ("move", "e2e4"), ("score", str(rng.randint(-300, 300))),
                  ("ply", str(i + round_)), ("result", str(rng.choice([-1, 0, 1])))]
        rng.shuffle(fields)
        record(fields, crlf=(i % 4 == 1))
        if i == 2:
            lines.append(("garbage", False))
        if i == 4:
            lines.append(("", False))
    if round_ == 0:
        record([("score", "1"), ("move", "a2a3")])                 # no fen
        record([("fen", fens[0]), ("score", "1"), ("score", "2")])  # repeated key
        record([("fen", fens[1]), ("oops", ""), ("ply", "3")])      # "oops " is KEY VALUE
        record([("ply", "3"), ("fen", fens[1]), ("nospace", None)])  # a bad line inside
        record([("ply", "9"), ("fen", "8/8/8/8/8/8/8/8 w - - 0 1")])  # the core's reason
        lines.append(("e", False))                                  # a lone e
lines.append((f"fen {fens[3]}", False))
lines.append(("score 7", False))                                    # cut: no e, no final LF
text = ""
for i, (t, crlf) in enumerate(lines):
    t = t.replace(" None", "")
    text += t + ("" if i == len(lines) - 1 else ("\r\n" if crlf else "\n"))
open("a.plain", "w", newline="").write(text)

# The reader of the rules: records up to e; a first line neither KEY VALUE nor e alone; blank
# lines between records skipped; keys unique; fen required; key = the first four fields.
def is_kv(l):
    return l == "e" or (" " in l and not l.startswith(" "))
phys = text.split("\n")
phys = [l[:-1] if l.endswith("\r") else l for l in phys]
out, rejects, seen = [], [], set()
st = {"lines": len(phys), "blank": 0, "record_lines": 0, "valid": 0, "invalid": 0, "dup": 0}
i = 0
def reject(first, col, reason, rec):
    rejects.append(f"a.plain:{first + 1}:{col}: {reason}: {' | '.join(rec)}")
    st["invalid"] += 1
while i < len(phys):
    l = phys[i]
    if l.strip() == "":
        st["blank"] += 1; i += 1; continue
    first = i
    if not is_kv(l):
        reject(first, 1, "plain_bad_line", [l]); i += 1; continue
    rec = [l]
    while rec[-1] != "e" and i + 1 < len(phys) and len(rec) < 64:
        i += 1; rec.append(phys[i])
    i += 1
    st["record_lines"] += len(rec) - 1
    if rec[-1] != "e":
        reject(first, 1, "plain_unterminated", rec); continue
    keys, col, fen, bad = set(), 1, None, None
    for l in rec[:-1]:
        k, sep, v = l.partition(" ")
        if not sep or not k:
            bad = ("plain_bad_line", col); break
        if k in keys:
            bad = ("plain_repeated_key", col); break
        keys.add(k)
        if k == "fen":
            fen, fen_col = v, col + 4
        col += len(l) + 3
    if bad is None and fen is None:
        bad = ("plain_no_fen", 1)
    if bad is None and fen.startswith("8/8/8/8/8/8/8/8"):
        bad = ("missing_king", fen_col)
    if bad:
        reject(first, bad[1], bad[0], rec); continue
    st["valid"] += 1
    key = " ".join(fen.split()[:4])
    if key in seen:
        st["dup"] += 1; continue
    seen.add(key)
    out.append("\n".join(rec) + "\n")
open("expected.plain", "w").write("".join(out))
open("expected.rej", "w").write("".join(r + "\n" for r in rejects))
json.dump(st, open("expected.json", "w"))
PY
run mem -d a.plain
cmp -s mem.out expected.plain || { echo "FAIL: output differs"; diff expected.plain mem.out | head; }
# The core's column for missing_king is its own: compare the others exactly, that one by name.
grep -v missing_king expected.rej >expected.rej.shape
grep -v missing_king mem.rej >mem.rej.shape
cmp -s mem.rej.shape expected.rej.shape || { echo "FAIL: rejects differ"; diff expected.rej.shape mem.rej.shape; }
grep -c ': missing_king: ply 9 | fen 8/8/8/8/8/8/8/8 w - - 0 1 | e$' mem.rej
python3 - <<'PY'
import json
want = json.load(open("expected.json"))
s = json.load(open("mem.json"))
got = {"lines": s["lines"], "blank": s["skipped"]["blank"],
       "record_lines": s["skipped"]["record_lines"], "valid": s["valid"],
       "invalid": s["invalid"], "dup": s["duplicates"]}
assert got == want, (got, want)
assert s["reconciliation"]["balanced"], s["reconciliation"]
assert s["boards"]["10x8"]["lines"] == 3 and s["boards"]["10x8"]["written"] == 1, s["boards"]
nonzero = {k: v for k, v in s["invalid_by_reason"].items() if v}
print("counts as the rules say; invalid by reason:", nonzero)
PY
run j1 -d -j1 a.plain
same mem j1
run chunks -d -j2 --chunk-size 1 a.plain
same mem chunks
run streamed -d -j2 --chunk-size 1 --no-mmap a.plain
same mem streamed
gzip -c a.plain >a.plain.gz
run gz -d -j2 --chunk-size 1 --input-format plain - <a.plain.gz
sed -i 's/^big.fen:/a.plain:/' gz.rej
# (The statistics name stdin and count compressed bytes: the output and rejects are compared.)
cmp -s mem.out gz.out && cmp -s mem.rej gz.rej || echo "FAIL: gzip on stdin differs"
echo "the same at -j1, -j2, --chunk-size 1, streamed and gzip on stdin"
# Read back: the output is its own output, record for record.
cp mem.out written.plain
"$FENBATCH" -q -d written.plain -o back.plain
cmp -s mem.out back.plain || echo "FAIL: the output read back differs"
# By name past a compression suffix, or given: the same.
cp mem.out copy.plain && gzip copy.plain
"$FENBATCH" -q copy.plain.gz -o back2.plain
cmp -s mem.out back2.plain || echo "FAIL: .plain.gz read back differs"
echo "read back: the same records"
# 70 KEY VALUE lines and no e: the first 64 are one record, cut; the next 6 and e another.
{ for k in $(seq 70); do echo "k$k v"; done; echo e; } >long.plain
"$FENBATCH" -q long.plain -o long.out --rejects long.rej || true
cut -d: -f2-4 long.rej
