#!/usr/bin/env bash
# G22, reduced for CI (the nightly soak: tests/reliability/scale/run.sh): 150,000 generated lines
# (15,000 under a sanitizer build) of which a third are mutated by a seeded random mix of the
# catalogue's faults (flipped, deleted and inserted bytes, NUL, CR, bytes >= 0x80, NBSP, VT, FF,
# BOMs, extra and missing fields, digit runs, swapped castling, overlong lines, CRLF, blank and
# comment lines), shuffled: exit 0, SR; output, rejects and statistics identical with -j1, -j2,
# --chunk-size 4K, --no-mmap and through a pipe; the output is a fixed point (0 invalid, 0
# duplicates when run again); peak RSS under 256 MiB (release build). Run under the asan and
# tsan presets too, it is the mixed-input sanitizer soak.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
n=$((150000 / SCALE_DOWN))
"$FENBATCH_GEN" -n "$n" --seed 29 --chess960-share 0.2 -o gen.fen || die "fenbatch-gen failed"
python3 - gen.fen in.fen <<'PY'
import random, sys
rng = random.Random(20261122)
lines = open(sys.argv[1], "rb").read().split(b"\n")[:-1]
odd = [b"\0", b"\r", b"\x80", b"\xff", b"\xc2\xa0", b"\x0b", b"\x0c", b"\xef\xbb\xbf", b"_", b"~",
       b"[Qq]", b"9", b"44", b"/", b" ", b"\t", b"-", b"+", b"#", b";", b'"', b"\\"]
def mutate(s):
    k = rng.randrange(14)
    i = rng.randrange(len(s) + 1)
    if k == 0 and s: j = rng.randrange(len(s)); return s[:j] + bytes([s[j] ^ (1 << rng.randrange(8))]) + s[j + 1:]
    if k == 1 and s: return s[:i] + s[i + 1:]
    if k == 2: return s[:i] + rng.choice(odd) + s[i:]
    if k == 3: return s + b" extra"
    if k == 4: return b" ".join(s.split(b" ")[: rng.randrange(1, 6)])
    if k == 5: return s.replace(b"KQkq", b"qkQK")
    if k == 6: return s.replace(b"/8/", b"/44/", 1)
    if k == 7: return s + b"\r"
    if k == 8: return b""
    if k == 9: return b"# " + s
    if k == 10: return s + b" c0 \"" + b"x" * rng.choice([10, 70000]) + b"\";"
    if k == 11: return s.swapcase()
    if k == 12: return b"\xef\xbb\xbf" + s
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 120))).replace(b"\n", b"")
out = [mutate(l) if rng.random() < 1 / 3 else l for l in lines]
rng.shuffle(out)
open(sys.argv[2], "wb").write(b"\n".join(out) + b"\n")
PY
normalize() { python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
for k in ("wall_seconds", "threads", "mb_per_second", "positions_per_second", "inputs", "output", "input_bytes"): s.pop(k)
for x in s["invalid_samples"]: x.pop("file")
for x in s["per_input"]: x.pop("path")
print(json.dumps(s, sort_keys=True))' "$1"; }
peak_rss rss.txt "$FENBATCH" -q --dedupe --rejects ref.rej --stats-json ref.json in.fen ref.out
status=$?
[ "$status" = 0 ] || fail "reference run: exit $status"
sr_check ref.json "soak" in.fen
[ "$(json ref.json 's["invalid"] > 0 and s["valid"] > 0 and s["skipped"]["blank"] > 0 and s["skipped"]["comment"] > 0')" = True ] ||
  fail "the mix lacks invalid, valid, blank or comment lines"
normalize ref.json >ref.norm
for mode in -j1 -j2 "--chunk-size 4K" --no-mmap pipe; do
  if [ "$mode" = pipe ]; then cat in.fen | "$FENBATCH" -q --dedupe --rejects run.rej --stats-json run.json - run.out
  else "$FENBATCH" -q --dedupe $mode --rejects run.rej --stats-json run.json in.fen run.out; fi
  status=$?
  [ "$status" = 0 ] || fail "$mode: exit $status"
  sed -i 's/^<stdin>:/in.fen:/' run.rej
  same_file ref.out run.out "$mode"
  same_file ref.rej run.rej "$mode"
  normalize run.json >run.norm
  same_file ref.norm run.norm "$mode (statistics)"
done
"$FENBATCH" -q --dedupe --stats-json again.json ref.out again.out || fail "second run: exit $?"
same_file ref.out again.out "second run over the output"
[ "$(json again.json '(s["invalid"], s["duplicates"])')" = "(0, 0)" ] || fail "second run: invalid, duplicates = $(json again.json '(s["invalid"], s["duplicates"])')"
[ "$SANITIZED" = 1 ] || [ "$(cat rss.txt)" -lt $((256 * 1024)) ] || fail "peak RSS $(cat rss.txt) KiB"
finish
