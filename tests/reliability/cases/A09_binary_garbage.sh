#!/usr/bin/env bash
# A09: 4 MiB of (seeded) random bytes with 500 distinct valid lines interleaved, each on its own
# line: exit 0 (no crash or hang; run the case with the asan build for ASan+UBSan), every valid
# line kept and nothing else written (= a run on the valid lines alone), invalid lines counted,
# SR; stderr holds only printable ASCII (escaped samples) and stays short; the mapped,
# --no-mmap, -j1 and small-chunk runs agree.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n 600 --seed 9 -o gen.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe gen.fen - | head -n 500 >valid.fen
[ "$(wc -l <valid.fen)" = 500 ] || die "fewer than 500 distinct generated positions"
python3 - valid.fen in.fen <<'PY'
import random
rng = random.Random(20261122)
valid = open(__import__("sys").argv[1], "rb").read().split(b"\n")[:-1]
with open(__import__("sys").argv[2], "wb") as f:
    for line in valid:
        f.write(rng.randbytes(rng.randrange(1, 16384)))
        f.write(b"\n" + line + b"\n")
    f.write(rng.randbytes(4096))
PY
"$FENBATCH" -q --dedupe valid.fen expected.fen
for args in "" "--no-mmap" "-j1" "--chunk-size 4K"; do
  what="garbage${args:+ $args}"
  timeout 120 "$FENBATCH" --dedupe $args --stats-json s.json in.fen out.fen 2>err.txt
  status=$?
  [ "$status" = 0 ] || fail "$what: exit $status"
  same_file expected.fen out.fen "$what"
  sr_check s.json "$what" in.fen
  [ "$(json s.json 's["written"]')" = 500 ] || fail "$what: written $(json s.json 's["written"]')"
  LC_ALL=C grep -q '[^[:print:]]' err.txt && fail "$what: raw non-printable bytes on stderr"
  [ "$(wc -l <err.txt)" -le 200 ] || fail "$what: $(wc -l <err.txt) stderr lines"
done
finish
