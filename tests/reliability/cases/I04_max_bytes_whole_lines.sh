#!/usr/bin/env bash
# I04: --max-bytes N reads whole lines only, the same lines whichever way the input is read:
# mapped, --no-mmap, a pipe, a FIFO, gzip, zstd, xz and bzip2 (files), gzip through a pipe. The
# lines read are those that start within the first N bytes (the line holding byte N is read to
# its end, CRLF included), never a cut one. For FEN lines with labels (--payload), CSV and JSON
# lines, with N inside a line, just before an LF, just after one, between CR and LF, one past a
# line's start, at the end and past it: the output is that of the expected whole lines read
# without a limit (a reference run on a file of just those lines, expected offsets worked out
# here from the line starts); statistics (lines, bytes, valid, invalid, written, CRLF lines,
# stopped_at_max_bytes) are those expected and equal on every path; input_bytes = bytes for
# every uncompressed path. An endless line (/dev/zero) still stops: F05. Sanitizer builds run
# five of the paths and a third of the limits (SANITIZED, lib.sh).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need gzip zstd xz bzip2
printf '%s\n' '4k3/8/8/8/8/8/8/4K3 w - - 0 12 | 25 | 0.5' >fen.txt
printf '%s\r\n' '8/8/8/8/8/8/8/K6k b - - 3 40 | crlf' >>fen.txt
printf '%s\n' '8/8/8/8/8/8/8/k6K w - - 0 1 | label' >>fen.txt
printf '%s' "$S" >>fen.txt # no final LF
printf 'id,fen,score\n1,4k3/8/8/8/8/8/8/4K3 w - - 0 12,25\r\n2,"8/8/8/8/8/8/8/K6k b - - 3 40",-1\n3,%s,0\n' "$S" >csv.txt
printf '{"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 12", "n": 1}\n{"n": 2, "fen": "8/8/8/8/8/8/8/K6k b - - 3 40"}\r\n{"fen": "%s"}\n' "$S" >jsonl.txt
mkfifo fifo
paths="mapped no-mmap pipe fifo gzip zstd xz bzip2 gzip-pipe"
# Under a sanitizer each run costs a second or more (thread start-up under TSan): the reading
# paths that differ most and every third limit there; the release build runs them all.
[ "$SANITIZED" = 1 ] && paths="mapped no-mmap pipe gzip zstd"
run() { # run PATH FORMAT N: one run; output out.PATH, statistics s.PATH.json
  local path=$1 format=$2 n=$3 in=$2.txt status
  local opts=(-q --input-format "$format" --max-bytes "$n" --stats-json "s.$path.json")
  [ "$format" = fen ] && opts+=(--payload)
  case $path in
    mapped) "$FENBATCH" "${opts[@]}" "$in" "out-$path.txt" ;;
    no-mmap) "$FENBATCH" "${opts[@]}" --no-mmap "$in" "out-$path.txt" ;;
    pipe) cat "$in" | "$FENBATCH" "${opts[@]}" - "out-$path.txt" ;;
    fifo)
      cat "$in" >fifo 2>/dev/null &
      local writer=$!
      timeout 20 "$FENBATCH" "${opts[@]}" fifo "out-$path.txt"
      status=$?
      # (A writer cut off by the stopped reader dies of SIGPIPE.)
      kill "$writer" 2>/dev/null
      wait "$writer" 2>/dev/null
      return "$status" ;;
    gzip | zstd | xz | bzip2) "$FENBATCH" "${opts[@]}" "$in.$path" "out-$path.txt" ;;
    gzip-pipe) "$FENBATCH" "${opts[@]}" - "out-$path.txt" <"$in.gzip" ;;
  esac
}
for format in fen csv jsonl; do
  for tool in gzip zstd xz bzip2; do "$tool" -q -c "$format.txt" >"$format.txt.$tool"; done
  # The limits: around every line start (after an LF), the CR of a CRLF, the end and past it.
  limits=$(python3 - "$format.txt" <<'PY'
import sys
text = open(sys.argv[1], "rb").read()
starts = [i + 1 for i, b in enumerate(text) if b == 10]
limits = {1, 5, len(text) - 1, len(text), len(text) + 1}
for s in starts:
    limits |= {s - 2, s - 1, s, s + 1, s + 7}
print(" ".join(str(n) for n in sorted(limits) if n >= 1))
PY
)
  if [ "$SANITIZED" = 1 ]; then limits=$(printf '%s\n' $limits | awk 'NR % 3 == 1' | tr '\n' ' '); fi
  for n in $limits; do
    # The expected whole lines: those starting before byte n.
    python3 - "$format.txt" "$n" <<'PY' || die "expected lines"
import sys
text, n = open(sys.argv[1], "rb").read(), int(sys.argv[2])
lines = text.splitlines(keepends=True)
kept, at = [], 0
for line in lines:
    if at >= n:
        break
    kept.append(line)
    at += len(line)
open("expected.txt", "wb").write(b"".join(kept))
crlf = sum(1 for line in kept if line.endswith(b"\r\n"))
open("expected.n", "w").write(f"{len(kept)} {at} {crlf} {n <= len(text)}\n")
PY
    # The reference: the expected lines, read whole (not through --max-bytes).
    ref_opts=(-q --input-format "$format" --stats-json ref.json)
    [ "$format" = fen ] && ref_opts+=(--payload)
    "$FENBATCH" "${ref_opts[@]}" expected.txt ref.out 2>err.txt || fail "$format $n: reference run: exit $?: $(cat err.txt)"
    for path in $paths; do
      rm -f "out-$path.txt" "s.$path.json"
      run "$path" "$format" "$n"
      status=$?
      [ "$status" = 0 ] || { fail "$format --max-bytes $n, $path: exit $status"; continue; }
      same_file ref.out "out-$path.txt" "$format --max-bytes $n, $path"
    done
    python3 - "$format" "$n" "$paths" <<'PY' || fail "$format --max-bytes $n: statistics"
import json, sys
fmt, n, paths = sys.argv[1], sys.argv[2], sys.argv[3].split()
lines, nbytes, crlf, stopped = open("expected.n").read().split()
ref = json.load(open("ref.json"))
def key(s):
    return (s["lines"], s["bytes"], s["valid"], s["invalid"], s["written"],
            s["notes"]["crlf_lines"], s["stopped_at_max_bytes"])
want = (ref["lines"], int(nbytes), ref["valid"], ref["invalid"], ref["written"], int(crlf), stopped == "True")
ok = True
for path in paths:
    try:
        s = json.load(open(f"s.{path}.json"))
    except OSError:
        continue  # the run failed, reported above
    if key(s) != want:
        print(f"FAIL: {fmt} --max-bytes {n}, {path}: statistics {key(s)}, expected {want}")
        ok = False
    if path in ("mapped", "no-mmap", "pipe", "fifo") and s["input_bytes"] != s["bytes"]:
        print(f"FAIL: {fmt} --max-bytes {n}, {path}: input_bytes {s['input_bytes']} != bytes {s['bytes']}")
        ok = False
sys.exit(0 if ok else 1)
PY
  done
done
finish
