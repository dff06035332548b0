#!/usr/bin/env bash
# G14: no over-read at the end of a page-exact mapping. A preload shim
# (tests/reliability/data/guard_page_mmap.c, built here with cc) maps each input so that the page
# after its last byte is PROT_NONE. Inputs of exactly 4096, 8192, 12288 and 65536 bytes with no
# final newline, whose last line is a valid FEN, a valid EPD with operations, an invalid line, a
# line ending in CR, a comment, a 4-field EPD, and a line longer than the cap: each run exits 0,
# or 1 where no line is valid (a fault would be SIGSEGV, 139), with the same output, rejects,
# counts and exit status as a --no-mmap run;
# the shim's log shows the input was guarded.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need cc
page=$(getconf PAGESIZE)
cc -O1 -shared -fPIC -o guard.so "$RELIABILITY_DIR/data/guard_page_mmap.c" -ldl || die "cannot build the guard-page shim"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
# make SIZE LAST: lines of K, then LAST without "\n", padded (by a comment line) to SIZE bytes.
make() {
  local size=$1 last=$2 pad
  pad=$((size - ${#last} - 2))
  { printf '#%s\n' "$(head -c "$pad" /dev/zero | tr '\0' x)"; printf '%s' "$last"; } >in.fen
  [ "$(stat -c %s in.fen)" = "$size" ] || die "made $(stat -c %s in.fen) bytes, wanted $size"
}
cases=("$K" "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"end\";" "not a fen" "$S"$'\r' "# comment"
       "4k3/8/8/8/8/8/8/4K3 b - -" "$K  ")
sizes="$page $((2 * page)) $((3 * page)) 65536"
[ "$SANITIZED" = 1 ] && sizes="$page 65536"   # each sanitizer run costs about a second
for size in $sizes; do
  for last in "${cases[@]}"; do
    make "$size" "$last"
    what="$size bytes, last line '${last:0:24}'"
    "$FENBATCH" -q --no-mmap --rejects ref.rej --stats-json ref.json in.fen ref.out
    ref_status=$?
    [ "$ref_status" -le 1 ] || die "$what: --no-mmap run failed (exit $ref_status)"
    rm -f guard.log
    GUARD_PAGE_LOG=$PWD/guard.log LD_PRELOAD=$PWD/guard.so "$FENBATCH" -q --rejects rej.txt --stats-json s.json in.fen out.fen
    status=$?
    [ "$status" = "$ref_status" ] || fail "$what: exit $status, the --no-mmap run's $ref_status"
    grep -qx "$size" guard.log 2>/dev/null || fail "$what: the input was not mapped behind a guard page"
    same_file ref.out out.fen "$what"
    same_file ref.rej rej.txt "$what"
    [ "$(json s.json '(s["lines"], s["valid"], s["invalid"], s["bytes"])')" = "$(json ref.json '(s["lines"], s["valid"], s["invalid"], s["bytes"])')" ] ||
      fail "$what: counts differ from the --no-mmap run"
  done
done
# The cap-length last line: a file of 20 pages that is one unterminated overlong line.
head -c $((20 * page)) /dev/zero | tr '\0' y >in.fen
GUARD_PAGE_LOG=$PWD/guard.log LD_PRELOAD=$PWD/guard.so "$FENBATCH" -q --stats-json s.json in.fen out.fen
status=$?
[ "$status" = 1 ] || fail "one overlong page-exact line: exit $status, expected 1 (no valid line)"
[ "$(json s.json '(s["lines"], s["invalid_by_reason"]["line_too_long"])')" = "(1, 1)" ] || fail "one overlong page-exact line: counts"
finish
