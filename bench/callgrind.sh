#!/usr/bin/env bash
# Instructions per line: the stable per-line figure on a small or shared machine, where wall
# times wander by tens of percent. Runs `fenbatch -j1 --dedupe -q SAMPLE /dev/null` under
# valgrind's callgrind, SAMPLE being the first LINES lines of INPUT, and prints a markdown
# section: the total, instructions per line, and the functions that execute most of them
# (self counts, per line).
#
# Usage: bench/callgrind.sh INPUT [LINES] [OUTDIR]
#   LINES   lines taken from the start of INPUT (default 300000)
#   OUTDIR  keeps the callgrind output (callgrind.out) and its annotation (annotate.txt); the
#           sample is removed; default: a temporary directory, removed at exit
# FENBATCH names another binary (default build/release/apps/fenbatch). Needs valgrind
# (callgrind, callgrind_annotate). valgrind emulates no AVX-512: the decoder dispatch picks
# the best kernel valgrind's CPU offers (AVX2 on an AVX2 machine); the section names it.
set -euo pipefail
export LC_ALL=C

die() { echo "callgrind.sh: $*" >&2; exit 2; }

if [ $# -lt 1 ] || [ $# -gt 3 ]; then die "usage: bench/callgrind.sh INPUT [LINES] [OUTDIR]"; fi
input=$1
lines=${2:-300000}
[[ $lines =~ ^[1-9][0-9]*$ ]] || die "LINES must be a positive integer, not '$lines'"
# shellcheck source=bench/measure.sh
source "$(dirname "$0")/measure.sh"
FENBATCH_BENCH_RSS=none  # (bench_setup's RSS method: nothing here measures RSS)
bench_setup "$input" "${3:-}" valgrind callgrind_annotate head python3

sample=$outdir/sample.fen
# A kept OUTDIR keeps the outputs, never the sample (a temporary one goes as a whole).
[ -z "${3:-}" ] || trap 'rm -f -- "$sample"' EXIT
head -n "$lines" -- "$input" >"$sample"
taken=$(awk 'END { print NR }' "$sample")  # (an unterminated last line counts)
[ "$taken" -gt 0 ] || die "$input: no lines"
decoder=$(valgrind -q "$fenbatch" --version | sed -n 's/^decoder: //p')
out=$outdir/callgrind.out
valgrind --tool=callgrind --callgrind-out-file="$out" -q \
  "$fenbatch" -j1 --dedupe -q "$sample" /dev/null
callgrind_annotate --inclusive=no --threshold=100 "$out" >"$outdir/annotate.txt"

python3 - "$outdir/annotate.txt" "$taken" "$input" "$decoder" "$fenbatch" <<'EOF'
import re, sys
path, lines, source, decoder, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
OPERATORS = ["()", "<=>", "<<", ">>", "<=", ">=", "->", "<", ">"]
total = None
rows = []
for text in open(path, encoding="utf-8", errors="replace"):
    m = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?PROGRAM TOTALS", text)
    if m:
        total = int(m.group(1).replace(",", ""))
        continue
    m = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*?):(\S.*)$", text)
    if m and total is not None:
        count = int(m.group(1).replace(",", ""))
        name = m.group(3)
        name = re.sub(r"\s\[[^\]]*\]$", "", name)  # the object file
        name = name.replace("(anonymous namespace)", "{anonymous}")
        name = re.sub(r"\{lambda\([^()]*\)#(\d+)\}", r"{lambda#\1}", name)
        # Operator names hold brackets that are not brackets: set them aside meanwhile.
        name = re.sub(r"operator(\(\)|<=>|<<|>>|<=|>=|->|<|>)",
                      lambda m: "operator\x01%d\x01" % OPERATORS.index(m.group(1)), name)
        # Long template and argument lists say little here: the name up to its argument list.
        depth, short = 0, []
        for ch in name:
            if ch in "<(":
                if depth == 0 and ch == "(" and short and short[-1] != ":":
                    break
                depth += 1
            elif ch in ">)":
                depth -= 1
            elif depth == 0:
                short.append(ch)
        shown_name = "".join(short).strip() or name
        rows.append((count, re.sub("\x01(\\d+)\x01", lambda m: OPERATORS[int(m.group(1))], shown_name)))
if total is None:
    sys.exit("callgrind.sh: no PROGRAM TOTALS in the annotation")
merged = {}
for count, name in rows:
    merged[name] = merged.get(name, 0) + count
print("## Instructions per line (callgrind)\n")
print(f"`valgrind --tool=callgrind {binary} -j1 --dedupe -q SAMPLE /dev/null`, SAMPLE the first "
      f"{lines:,} lines of {source}; decoder under valgrind: {decoder}.\n")
print(f"Total: {total:,} instructions, {total / lines:,.0f} per line.\n")
print("| function (self count; template and argument lists left out) | per line | share |")
print("|---|---:|---:|")
shown = 0
for name, count in sorted(merged.items(), key=lambda kv: -kv[1]):
    if count < total / 100 or shown == 15:
        break
    print(f"| `{name}` | {count / lines:,.0f} | {100 * count / total:.1f}% |")
    shown += 1
rest = total - sum(c for n, c in sorted(merged.items(), key=lambda kv: -kv[1])[:shown])
print(f"| everything else | {rest / lines:,.0f} | {100 * rest / total:.1f}% |")
EOF
