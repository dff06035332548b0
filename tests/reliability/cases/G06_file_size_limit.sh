#!/usr/bin/env bash
# G06: RLIMIT_FSIZE (ulimit -f 100, i.e. 100 KiB) below the output's size: SIGXFSZ is ignored, so
# the write fails with EFBIG: exit 2 (not death by SIGXFSZ, 153), "fenbatch: write: out.fen: File
# too large", no temporary left, the old output byte-identical, the input unchanged; the same
# for a --rejects file over the limit (main output not published).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
"$FENBATCH_GEN" -n 20000 --seed 19 -o in.fen || die "fenbatch-gen failed"
yes 'a bad line that is repeated until the rejects file passes the limit' | head -n 5000 >bad.fen
iic_save in.fen
printf 'old output\n' >out.fen
saved=$(fingerprint_content out.fen)
(ulimit -f 100; exec "$FENBATCH" -q in.fen out.fen) 2>err.txt
status=$?
aoc_check "ulimit -f, output" "$status" out.fen "$saved" err.txt
grep -qx 'fenbatch: write: out.fen: File too large' err.txt || fail "ulimit -f: stderr $(cat err.txt)"
iic_check in.fen "ulimit -f"
(ulimit -f 100; exec "$FENBATCH" -q --rejects rej.txt bad.fen small.fen) 2>err.txt
status=$?
aoc_check "ulimit -f, rejects" "$status" rej.txt absent err.txt
[ ! -e small.fen ] || fail "ulimit -f, rejects: the main output was published"
grep -qx 'fenbatch: write: rej.txt: File too large' err.txt || fail "ulimit -f, rejects: stderr $(cat err.txt)"
finish
