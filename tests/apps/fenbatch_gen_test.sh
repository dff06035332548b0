#!/usr/bin/env bash
# Tests of fenbatch-gen as a command: determinism, line count, the mix of line forms, usage
# errors and write errors. Usage: fenbatch_gen_test.sh PATH/TO/fenbatch-gen
# (Validity of every line is checked separately, through fenbatch itself.)
set -u

gen=${1:?usage: $0 PATH/TO/fenbatch-gen}
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Fails unless LOW <= VALUE <= HIGH: expect_range WHAT VALUE LOW HIGH
expect_range() {
  if [ "$2" -lt "$3" ] || [ "$2" -gt "$4" ]; then fail "$1: $2, expected $3..$4"; fi
}

# Runs the generator; stops the test at once if it does not even run (the rest would only
# repeat that failure).
run() {
  "$gen" "$@" || { echo "FAIL: $gen $* exited with $?" >&2; exit 1; }
}

# 1. Same options and seed give the same bytes, whether written to stdout or with -o; another
# seed gives other bytes; a shorter run is a prefix of a longer one.
run -n 5000 --seed 42 >"$work/a"
run -n 5000 --seed 42 -o "$work/b"
cmp -s "$work/a" "$work/b" || fail "same seed, different output"
run -n 5000 --seed 43 >"$work/c"
cmp -s "$work/a" "$work/c" && fail "different seeds, same output"
run -n 1000 --seed 42 >"$work/d"
head -n 1000 "$work/a" | cmp -s - "$work/d" || fail "-n 1000 is not a prefix of -n 5000"

# 2. Line count, and the byte limit (never exceeded, and not far below).
lines=$(wc -l <"$work/d")
[ "$lines" -eq 1000 ] || fail "-n 1000 wrote $lines lines"
[ "$(run -n 0 | wc -c)" -eq 0 ] || fail "-n 0 wrote something"
expect_range "bytes written with --bytes 64K" "$(run --bytes 64K | wc -c)" 65000 65536

# 3. The mix of line forms in 5000 lines (about 10% CRLF, 15% 4-field EPD, 5% with EPD
# operations, 20% of games from Chess960 starts). Bounds are loose: the mix is random.
expect_range "CRLF lines of 5000" "$(grep -c $'\r$' "$work/a")" 250 750
lf_only=$(tr -d '\r' <"$work/a")
expect_range "4-field lines of 5000" "$(awk 'NF == 4' <<<"$lf_only" | wc -l)" 400 1100
expect_range "6-field FEN lines of 5000" \
  "$(awk 'NF == 6 && $5 ~ /^[0-9]+$/ && $6 ~ /^[0-9]+$/' <<<"$lf_only" | wc -l)" 3500 4500
expect_range "lines with ';' of 5000" "$(grep -c ';' <<<"$lf_only")" 100 450
# Every operation list ends with ';' and starts with an opcode after the 4 fields.
bad_ops=$(grep ';' <<<"$lf_only" | awk '$NF !~ /;$/ || $5 !~ /^[a-z][a-z0-9_]*$/' | wc -l)
[ "$bad_ops" -eq 0 ] || fail "$bad_ops lines with malformed EPD operations"
grep -q ' bm [^;]*; id "gen\.[0-9]*";' <<<"$lf_only" || fail "no 'bm ...; id ...;' lines"
grep -q ' hmvc [0-9]*; fmvn [0-9]*;' <<<"$lf_only" || fail "no 'hmvc ...; fmvn ...;' lines"
# Chess960: castling letters other than KQkq (Shredder-FEN, X-FEN inner rooks) or a white back
# rank of eight pieces other than RNBQKBNR.
# shellcheck disable=SC2016 # an awk program, not shell
chess960_line='$3 ~ /[A-Ha-h]/ ||
  (split($1, r, "/") == 8 && length(r[8]) == 8 && r[8] !~ /[^RNBQK]/ && r[8] != "RNBQKBNR")'
expect_range "Chess960 lines of 5000" "$(awk "$chess960_line" <<<"$lf_only" | wc -l)" 100 5000
expect_range "Shredder-FEN castling lines (HAha, Hh, ...) of 5000" \
  "$(awk '$3 ~ /^[A-H][A-H]?[a-h][a-h]?$/' <<<"$lf_only" | wc -l)" 10 5000
# The "always" en-passant policy: a square after every double push.
expect_range "lines with an en-passant square of 5000" \
  "$(awk '$4 ~ /^[a-h][36]$/' <<<"$lf_only" | wc -l)" 100 5000
# Repeated positions (openings recur): the start position appears more than once.
expect_range "start positions of 5000" \
  "$(grep -c '^rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' <<<"$lf_only")" 2 5000
# Without Chess960 games, only K/Q castling letters.
standard_castling=$(run -n 2000 --chess960-share 0 | awk '$3 ~ /[A-Ha-h]/' | wc -l)
[ "$standard_castling" -eq 0 ] || fail "--chess960-share 0: $standard_castling Chess960 lines"

# 4. Usage errors: exit 2 and a one-line message naming the program.
expect_usage_error() {
  "$gen" "$@" >"$work/out" 2>"$work/err"
  local status=$?
  [ "$status" -eq 2 ] || fail "$* exited with $status, expected 2"
  if [ "$(wc -l <"$work/err")" -ne 1 ] || ! grep -q '^fenbatch-gen: ' "$work/err"; then
    fail "$*: expected a one-line message, got: $(cat "$work/err")"
  fi
  if [ -s "$work/out" ]; then fail "$*: wrote to stdout"; fi
}
expect_usage_error --no-such-option
expect_usage_error --line 5  # long options are spelled out, as fenbatch's
expect_usage_error -n
expect_usage_error -n abc
expect_usage_error -n -5
expect_usage_error --bytes 12X
expect_usage_error --seed 1.5
expect_usage_error --chess960-share 1.5
expect_usage_error stray-argument
"$gen" --help >"$work/out" 2>&1 || fail "--help exited with $?"
grep -q -- '--chess960-share' "$work/out" || fail "--help does not list --chess960-share"
"$gen" --version >"$work/out" 2>&1 || fail "--version exited with $?"
grep -q '^fenbatch-gen ' "$work/out" || fail "--version printed: $(cat "$work/out")"

# 5. Write errors: exit 2 with "fenbatch-gen: write: PATH: reason".
if [ -w /dev/full ]; then
  "$gen" -n 1000 -o /dev/full 2>"$work/err"
  status=$?
  [ "$status" -eq 2 ] || fail "-o /dev/full exited with $status, expected 2"
  grep -q '^fenbatch-gen: write: /dev/full: ' "$work/err" ||
    fail "-o /dev/full: unexpected message: $(cat "$work/err")"
else
  echo "note: /dev/full not writable, write-error check skipped" >&2
fi
"$gen" -n 10 -o "$work/no/such/dir/x" 2>"$work/err"
status=$?
[ "$status" -eq 2 ] || fail "-o into a missing directory exited with $status, expected 2"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "fenbatch-gen: all checks passed"
