#!/usr/bin/env bash
# I14 (issue 26, items 14 and 15): inputs named with a byte 0xFF, a lone continuation byte
# 0x80, ESC (a colour escape), a newline, a double quote and spaces, beside a plain name, each
# holding an invalid line and a position that the others repeat; run with --dedupe --stats
# --samples 10 --rejects --duplicates --stats-json (and one input read as standard input):
# - stderr holds no raw control byte but the line ends and no byte >= 0x80; every sample line
#   is one line "NAME:LINE:COL: reason: text" whose NAME bash reads back (eval) as the file's
#   exact name; the --stats summary's "input NAME:" lines likewise;
# - the statistics load with python3's json module (strict UTF-8); a UTF-8 name is exact in
#   "inputs" and per_input "path"; a name that is not UTF-8 has U+FFFD there and its bytes in
#   "inputs_quoted" / "path_quoted" / "file_quoted", which bash reads back byte-exact;
#   invalid_samples' "file" is the name as given ("<stdin>" for standard input);
# - the rejects and duplicates lists keep one line per line, names quoted the same way, and a
#   plain name is written as before (byte-identical: "plain.fen:1:2: bad_piece_char: bad");
#   the --counts table (count<TAB>position<TAB>FILE:LINE) too.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
names=($'ff\xff.fen' $'cont\x80.fen' $'esc\e[31mred.fen' $'new\nline.fen' 'dq"uote.fen'
  'two  spaces.fen' 'plain.fen')
for name in "${names[@]}"; do printf 'bad\n%s\n' "$K" >"$name"; done
printf 'bad\n%s\n' "$S" >stdin.fen
printf '%s\0' "${names[@]}" >names.bin
"$FENBATCH" --dedupe --stats --samples 10 --rejects rej.txt --duplicates dups.txt --counts counts.tsv \
  --stats-json s.json \
  -o out.fen "${names[@]}" - <stdin.fen 2>err.txt
status=$?
[ "$status" = 0 ] || fail "exit $status: $(head -c 300 err.txt | cat -v)"

# NAME fields of the lines to check, NUL-separated in quoted.bin, for bash to read back: the
# sample lines and "input NAME:" summary lines of stderr, the rejects and duplicates lists (both
# places of a duplicate); the counts table checked whole.
python3 - err.txt rej.txt dups.txt counts.tsv <<'PY' || fail "stderr, rejects, duplicates or counts lines"
import re, sys
err, rej, dups, counts = (open(p, "rb").read() for p in sys.argv[1:5])
bad = []
for what, text in (("stderr", err), ("rejects", rej), ("duplicates", dups), ("counts", counts)):
    for c in set(text):
        if (c < 0x20 and c != 0x0A and not (c == 0x09 and what == "counts")) or c >= 0x7F:
            bad.append(f"{what}: raw byte {c:#04x}")
quoted = []
sample = re.compile(rb"^(.+):(\d+):(\d+): ([a-z_]+): (.*)$")
samples = [l for l in err.split(b"\n") if sample.match(l) and not l.startswith(b"fenbatch: ")]
if len(samples) != 8:
    bad.append(f"stderr: {len(samples)} sample lines, expected 8: {samples}")
inputs = [l for l in err.split(b"\n") if l.startswith(b"  input ")]
if len(inputs) != 8:
    bad.append(f"stderr: {len(inputs)} 'input' summary lines, expected 8")
for l in samples:
    m = sample.match(l)
    if (m.group(2), m.group(3), m.group(4), m.group(5)) != (b"1", b"2", b"bad_piece_char", b"bad"):
        bad.append(f"stderr: {l!r}")
    quoted.append(m.group(1))
for l in inputs:
    m = re.match(rb"  input (.+): lines 2, ", l)
    if not m:
        bad.append(f"stderr: {l!r}"); continue
    quoted.append(m.group(1))
rejects = rej.split(b"\n")[:-1]
if len(rejects) != 8:
    bad.append(f"rejects: {len(rejects)} lines, expected 8")
for l in rejects:
    m = sample.match(l)
    if not m or (m.group(2), m.group(4)) != (b"1", b"bad_piece_char"):
        bad.append(f"rejects: {l!r}"); continue
    quoted.append(m.group(1))
if b"plain.fen:1:2: bad_piece_char: bad\n" not in rej:
    bad.append("rejects: the plain name's line changed")
duplicates = dups.split(b"\n")[:-1]
if len(duplicates) != 6:
    bad.append(f"duplicates: {len(duplicates)} lines, expected 6")
for l in duplicates:
    m = re.match(rb"^(.+):2: duplicate of (.+):2: 4k3/8/8/8/8/8/8/4K3 w - - 0 1$", l)
    if not m:
        bad.append(f"duplicates: {l!r}"); continue
    quoted += [m.group(1), m.group(2)]
if counts != (b"7\t4k3/8/8/8/8/8/8/4K3 w - -\t'ff'$'\\377''.fen':2\n"
               b"1\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\t<stdin>:2\n"):
    bad.append(f"counts: {counts!r}")
open("quoted.bin", "wb").write(b"".join(q + b"\0" for q in quoted))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
# Every quoted name, read back by bash, is one of the files' names, each input at least once.
declare -A seen=()
while IFS= read -r -d '' q; do
  if [ "$q" = '<stdin>' ] || [ "$q" = - ]; then seen[-]=1; continue; fi
  eval "name=$q" 2>/dev/null || { fail "bash cannot read back $(printf '%q' "$q")"; continue; }
  if [ ! -f "$name" ] || [ "$name" = stdin.fen ]; then
    fail "$(printf '%q' "$q") reads back as $(printf '%q' "$name"), no input"
    continue
  fi
  seen[$name]=1
done <quoted.bin
for name in "${names[@]}" -; do
  [ -n "${seen[$name]:-}" ] || fail "no message names $(printf '%q' "$name")"
done

# The statistics: strict JSON; names exact when UTF-8, else repaired with their bytes quoted.
python3 - s.json names.bin <<'PY' >quoted_json.bin || fail "the statistics"
import json, sys
raw = open(sys.argv[1], "rb").read()
raw.decode("utf-8")  # strict: fails on any byte that is not UTF-8
s = json.loads(raw)
names = open(sys.argv[2], "rb").read().split(b"\0")[:-1] + [b"-"]
bad = []
def utf8(b):
    try: b.decode("utf-8"); return True
    except UnicodeDecodeError: return False
if len(s["inputs"]) != len(names):
    bad.append(f"inputs: {s['inputs']!r}")
quoted = []
for i, name in enumerate(names):
    given, per_input = s["inputs"][i], s["per_input"][i]
    if utf8(name):
        if given.encode() != name or per_input["path"].encode() != name:
            bad.append(f"input {name!r}: {given!r} / {per_input['path']!r}")
        if "path_quoted" in per_input:
            bad.append(f"input {name!r}: a path_quoted for a UTF-8 name")
    else:
        want = name.decode("utf-8", "replace")
        if given != want or per_input["path"] != want:
            bad.append(f"input {name!r}: {given!r} / {per_input['path']!r}, expected {want!r}")
        if "path_quoted" not in per_input:
            bad.append(f"input {name!r}: no path_quoted"); continue
        quoted += [s["inputs_quoted"][i], per_input["path_quoted"]]
files = [x["file"] for x in s["invalid_samples"]]
want = [n.decode("utf-8", "replace") for n in names[:-1]] + ["<stdin>"]
if files != want:
    bad.append(f"invalid_samples files {files!r}, expected {want!r}")
quoted += [x["file_quoted"] for x in s["invalid_samples"] if "file_quoted" in x]
if len(quoted) != 6:
    bad.append(f"{len(quoted)} quoted names, expected 6 (2 names, 3 places)")
for b in bad:
    print(b, file=sys.stderr)
sys.stdout.buffer.write(b"".join(q.encode() + b"\0" for q in quoted))
sys.exit(1 if bad else 0)
PY
n=0
while IFS= read -r -d '' q; do
  eval "name=$q" 2>/dev/null || { fail "bash cannot read back $q"; continue; }
  case "$name" in
    $'ff\xff.fen' | $'cont\x80.fen') n=$((n + 1)) ;;
    *) fail "$q reads back as $(printf '%q' "$name")" ;;
  esac
done <quoted_json.bin
[ "$n" = 6 ] || fail "$n quoted names read back from the statistics, expected 6"
sr_check s.json "hostile names"
finish
