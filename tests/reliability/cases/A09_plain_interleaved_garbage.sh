#!/usr/bin/env bash
# A09 for Stockfish's .plain (issue 29; docs/records.md, "Stockfish's .plain"): 400 valid
# records (fields shuffled) with garbage between and inside them, the expected verdict of each
# part written here from the rules as the file is made:
# - between records: binary lines (no space, LF, CR or tab), stray words and whitespace-only
#   garbage rejected alone as plain_bad_line (column 1); a lone `e` (plain_no_fen, column 1);
#   blank and whitespace-only lines (skipped.blank); a stray `KEY VALUE` line (it is a record
#   line: it joins the next record, written with it);
# - inside a record: a binary line, an empty line (plain_bad_line at that line's column in the
#   record on one line), a repeated key (plain_repeated_key at the second), no `fen`
#   (plain_no_fen, column 1);
# - a record of 70 lines (its first 64 plain_unterminated, the 6 after it a record without
#   fen), one of exactly 64 lines (valid), 80 KB of lines without a space and no `e` (each
#   rejected alone).
# Every valid record is written verbatim and in order, every bad part has its reason, line and
# column, lines/blank/record_lines/written/invalid exact, SR; exit 0. All the same mapped,
# --no-mmap, at -j1 and -j2, with --chunk-size 4K and 1, and through a pipe.
# Then the same file with 75 KB of `junk VALUE` lines and no `e` before one record X: how those
# are grouped (and whether X is spoilt with them) may differ with chunks and threads (records.md),
# so only the rest is asserted: every other record written, every other reject exact, the
# junk's rejects plain_unterminated or plain_repeated_key, lines exact, SR.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
python3 - <<'PY'
import json, random
def fen(wk, bk, side):  # kings only, on squares 0..63 (a1 = 0): canonical 6 fields
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            sq = rank * 8 + file
            piece = "K" if sq == wk else "k" if sq == bk else None
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + f" {side} - - 0 1"

def start(seed):  # the generator and the positions, in a seeded order
    global rng, positions
    rng = random.Random(seed)
    p = [fen(wk, bk, side) for wk in range(64) for bk in range(64) for side in "wb"
         if max(abs(wk % 8 - bk % 8), abs(wk // 8 - bk // 8)) > 1]
    rng.shuffle(p)
    positions = iter(p)

def binary_line():
    allowed = [b for b in range(256) if b not in (10, 13, 32, 9)]
    return bytes(rng.choice(allowed) for _ in range(rng.randrange(2, 300)))

class Plain:
    def __init__(self, name):
        self.name, self.lines, self.out, self.rejects = name, [], [], []
        self.blank = self.record_lines = 0
    def record(self, lines, verdict="valid", col=1):
        first = len(self.lines) + 1
        self.lines += lines
        self.record_lines += len(lines) - 1
        if verdict == "valid":
            self.out.append(b"".join(l + b"\n" for l in lines))
        else:
            self.rejects.append((first, col, verdict))
    def blank_line(self, text=b""):
        self.lines.append(text)
        self.blank += 1
    def fields(self, extra=()):
        f = [b"fen " + next(positions).encode(), b"move e1e2",
             b"score %d" % rng.randrange(-500, 500), b"ply %d" % rng.randrange(200),
             b"result %d" % rng.choice((-1, 0, 1))] + list(extra)
        rng.shuffle(f)
        return f
    def column(self, lines, i):  # column of lines[i] in the record joined by " | "
        return 1 + sum(len(l) + 3 for l in lines[:i])
    def write(self):
        open(self.name + ".plain", "wb").write(b"".join(l + b"\n" for l in self.lines))
        open(self.name + ".expect.plain", "wb").write(b"".join(self.out))
        json.dump({"lines": len(self.lines), "blank": self.blank, "record_lines": self.record_lines,
                   "written": len(self.out), "rejects": self.rejects},
                  open(self.name + ".expect.json", "w"))

def build(p, junk_before=None):
    for i in range(400):
        if i == junk_before:  # 75 KB of record lines without e, then the record X
            p.junk_first = len(p.lines) + 1
            p.lines += [b"junk %036d" % n for n in range(1800)]
            x = p.fields()
            p.x_fen = [l for l in x if l.startswith(b"fen ")][0]
            p.record(x + [b"e"])
            p.junk_last = len(p.lines)
            continue
        stray = i % 50 == 7  # a stray KEY VALUE line joins this record
        p.record(([b"note stray words"] if stray else []) + p.fields() + [b"e"])
        kind = rng.randrange(12)
        if kind == 0:
            p.record([binary_line()], "plain_bad_line")
        elif kind == 1:
            p.record([rng.choice([b"garbage", b"-----", b"\x00", b" e", b"ee"])][:1],
                     "plain_bad_line")
        elif kind == 2:
            p.record([b"e"], "plain_no_fen")
        elif kind == 3:
            for _ in range(rng.randrange(1, 4)):
                p.blank_line(rng.choice([b"", b"  ", b"\t \t"]))
        elif kind in (4, 5):
            f = p.fields()
            at = rng.randrange(1, len(f) + 1)  # (at 0 it would be a line between records)
            bad = binary_line() if kind == 4 else b""
            lines = f[:at] + [bad] + f[at:] + [b"e"]
            p.record(lines, "plain_bad_line", p.column(lines, at))
        elif kind == 6:
            f = p.fields()
            lines = f[:3] + [f[1]] + f[3:] + [b"e"]  # f[1] again: the second is the repeated key
            p.record(lines, "plain_repeated_key", p.column(lines, 3))
        elif kind == 7:
            p.record([l for l in p.fields() if not l.startswith(b"fen ")] + [b"e"], "plain_no_fen")
        if i == 100:
            f = p.fields([b"k%d v" % n for n in range(64)])  # 70 lines with the e
            p.record(f[:64], "plain_unterminated")
            p.record(f[64:] + [b"e"], "plain_no_fen" if all(not l.startswith(b"fen ") for l in f[64:])
                     else "valid")
        if i == 200:
            p.record(p.fields([b"k%d v" % n for n in range(58)]) + [b"e"])  # 64 lines: whole
        if i == 300:
            for n in range(2000):  # 80 KB without a space nor an e
                p.record([b"zz%038d" % n], "plain_bad_line")

start(2029)
stable = Plain("stable")
build(stable)
stable.write()
start(2029)  # the same records and garbage, and the junk before record 350
junk = Plain("junk")
build(junk, junk_before=350)
junk.write()
json.dump({"first": junk.junk_first, "last": junk.junk_last, "x_fen": junk.x_fen.decode()},
          open("junk.region.json", "w"))
PY
[ -s stable.plain ] && [ -s junk.plain ] || die "the inputs were not made"
# check NAME SOURCE OUT REJ JSON WHAT [REGION]: the run's results against NAME.expect.*; with
# REGION (junk.region.json), the region's records and rejects as records.md leaves them free.
check() {
  python3 - "$@" <<'PY' || failed=1
import json, re, sys
name, source, out, rej, stats, what = sys.argv[1:7]
region = json.load(open(sys.argv[7])) if len(sys.argv) > 7 else None
want = json.load(open(name + ".expect.json"))
s = json.load(open(stats))
bad = []
def inside(line):
    return region is not None and region["first"] <= line <= region["last"]
got_rejects = []
for raw in open(rej, "rb").read().split(b"\n")[:-1]:
    m = re.match(rb"(.*?):(\d+):(\d+): ([a-z_]+): ", raw)
    if not m or m.group(1).decode() != source:
        bad.append(f"unparsable rejects line {raw[:80]!r}"); continue
    got_rejects.append((int(m.group(2)), int(m.group(3)), m.group(4).decode()))
free = [r for r in got_rejects if inside(r[0])]
for r in free:
    if r[2] not in ("plain_unterminated", "plain_repeated_key"):
        bad.append(f"reject {r} in the junk")
got_fixed = [r for r in got_rejects if not inside(r[0])]
want_fixed = [tuple(r) for r in want["rejects"] if not inside(r[0])]
if got_fixed != want_fixed:
    diff = [(g, w) for g, w in zip(got_fixed, want_fixed) if g != w][:3]
    bad.append(f"rejects: {len(got_fixed)} (first differences got/expected {diff}), expected {len(want_fixed)}")
records = re.split(rb"(?<=\ne\n)", open(out, "rb").read())
records = [r for r in records if r]
want_records = [r for r in re.split(rb"(?<=\ne\n)", open(name + ".expect.plain", "rb").read()) if r]
if region is not None:
    x = (region["x_fen"] + "\n").encode()  # its `fen` line
    with_x = [r for r in records if x in r]
    if len(with_x) > 1:
        bad.append(f"record X written {len(with_x)} times")
    records = [r for r in records if x not in r]
    want_records = [r for r in want_records if x not in r]
if records != want_records:
    diff = [(g[:60], w[:60]) for g, w in zip(records, want_records) if g != w][:2]
    bad.append(f"output: {len(records)} records, expected {len(want_records)}; first differences {diff}")
if (s["lines"], s["skipped"]["blank"]) != (want["lines"], want["blank"]):
    bad.append(f"lines, blank = {s['lines']}, {s['skipped']['blank']}; expected {want['lines']}, {want['blank']}")
if region is None:
    reasons = {}
    for r in want["rejects"]:
        reasons[r[2]] = reasons.get(r[2], 0) + 1
    got = (s["written"], s["invalid"], s["skipped"]["record_lines"],
           {k: v for k, v in s["invalid_by_reason"].items() if v})
    if got != (want["written"], len(want["rejects"]), want["record_lines"], reasons):
        bad.append(f"written, invalid, record_lines, reasons = {got}; expected "
                   f"{(want['written'], len(want['rejects']), want['record_lines'], reasons)}")
elif s["written"] not in (want["written"] - 1, want["written"]):
    bad.append(f"written {s['written']}, expected {want['written']} or one less (X)")
for b in bad:
    print(f"FAIL {what}: {b}")
sys.exit(1 if bad else 0)
PY
}
runs=("mapped" "--no-mmap" "-j1" "-j2" "--chunk-size 4K" "-j2 --chunk-size 1" "--no-mmap --chunk-size 4K")
for name in stable junk; do
  region=()
  [ $name = junk ] && region=(junk.region.json)
  for args in "${runs[@]}" pipe; do
    what="$name.plain $args"
    tag=$(echo "$args" | tr -c 'a-z0-9\n' _)
    rm -f "$tag".out "$tag".rej "$tag".json
    if [ "$args" = pipe ]; then
      source='<stdin>'
      cat $name.plain | timeout 120 "$FENBATCH" -q --input-format plain --rejects pipe.rej --stats-json pipe.json - pipe.out 2>err.txt
    else
      source=$name.plain
      opts=${args/mapped/}
      # shellcheck disable=SC2086  # the options are words
      timeout 120 "$FENBATCH" -q $opts --rejects "$tag".rej --stats-json "$tag".json $name.plain "$tag".out 2>err.txt
    fi
    status=$?
    [ "$status" = 0 ] || fail "$what: exit $status"
    check $name "$source" "$tag".out "$tag".rej "$tag".json "$what" "${region[@]}"
    if [ "$args" = pipe ]; then sr_check pipe.json "$what"; else sr_check "$tag".json "$what" $name.plain; fi
    # Byte identity where records.md promises it: the file without junk, every run.
    [ $name = stable ] && [ "$args" != mapped ] && [ "$args" != pipe ] && same_result mapped "$tag" "$what"
  done
done
finish
