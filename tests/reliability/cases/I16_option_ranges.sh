#!/usr/bin/env bash
# I16 (unclear errors: "-j 100000" and "--top 10000000" said "invalid value" without the allowed
# maximum; "--level 0" was accepted for zstd, gzip, xz and bzip2 against the documented 1-22 and
# 1-9; "--max-bytes 0" read everything): every numeric option (--threads/-j, --top, --samples,
# --max-invalid, --level, --chunk-size, --max-bytes, --memory-limit) refuses a value out of its
# range, a negative one, one with a sign, a space, a fraction or a bad suffix, and one that
# overflows 64 bits, with exit 2 and one line "fenbatch: invalid value for OPTION: 'TEXT'
# (WHY; allowed: RANGE)" (the option as typed), then "Try 'fenbatch --help'.", before any
# work: nothing on stdout, no output or side file, the input unchanged (IIC). The messages
# and ranges below are written by hand from docs/usage.md. The boundaries are still accepted.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
mkdir work && cd work || die "mkdir"
printf '%s\n' "$K" "$S" "$K" >in.fen
iic_save in.fen
T="0 to 4096; 0, the default, is one thread per CPU this process may use"
LEVEL="1 to 22 for zstd, 1 to 9 for gzip, xz and bzip2; leave --level out for the codec's default"
CHUNK="1 to 256M, digits with an optional K, M or G"
BYTES="1 to 18446744073709551615 bytes, digits with an optional K, M or G; leave --max-bytes out to read everything"
MEM="at least 16M; leave --memory-limit out for the default"
refused() {  # refused OPTION_AS_TYPED TEXT WHY RANGE [OUTPUT]: OPTION TEXT in.fen OUTPUT refused
  local option=$1 text=$2 why=$3 range=$4 out=${5:-out.fen}
  rm -f "$out" s.json
  "$FENBATCH" --stats-json s.json "$option" "$text" in.fen "$out" >stdout.txt 2>err.txt
  local status=$?
  local what="$option '$text' ($out)"
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  local expected="fenbatch: invalid value for $option: '$text' ($why; allowed: $range)"
  [ "$(head -n 1 err.txt)" = "$expected" ] ||
    fail "$what: stderr '$(head -n 1 err.txt)', expected '$expected'"
  [ "$(sed -n 2p err.txt)" = "Try 'fenbatch --help'." ] && [ "$(wc -l <err.txt)" = 2 ] ||
    fail "$what: not one line and the usage hint: $(cat err.txt)"
  [ ! -s stdout.txt ] || fail "$what: wrote to stdout"
  [ ! -e "$out" ] && [ ! -e s.json ] || fail "$what: a file was written"
  no_temps "$what"
  iic_check in.fen "$what"
}
# The issue's examples: the maximum is stated.
refused -j 100000 "too large" "$T"
refused --top 10000000 "too large" "0 to 1048576"
# --level 0 for every codec (it meant "the codec's default" inside, silently).
for out in out.fen.zst out.fen.gz out.fen.xz out.fen.bz2; do
  refused --level 0 "too small" "$LEVEL" "$out"
done
refused --level 23 "too large" "$LEVEL" out.fen.zst
refused --level -1 "negative" "$LEVEL" out.fen.zst
# --max-bytes 0 read everything: refused, with the way to read everything.
refused --max-bytes 0 "too small" "$BYTES"
refused --max-bytes 0K "too small" "$BYTES"
# Each option: out of range, negative, sign, space, fraction, bad suffix, overflow.
refused --threads 4097 "too large" "$T"
refused -j -1 "negative" "$T"
refused -j ' 2' "not a whole number" "$T"
refused -j 2k "not a whole number" "$T"
refused --top 1048577 "too large" "0 to 1048576"
refused --top -5 "negative" "0 to 1048576"
refused --samples 1073741825 "too large" "0 to 1073741824"
refused --samples +3 "not a whole number" "0 to 1073741824"
refused --max-invalid 99999999999999999999999 "too large" "0 to 18446744073709551615"
refused --max-invalid 18446744073709551616 "too large" "0 to 18446744073709551615"
refused --max-invalid 1.5 "not a whole number" "0 to 18446744073709551615"
refused --max-invalid '' "empty" "0 to 18446744073709551615"
refused --chunk-size 0 "too small" "$CHUNK"
refused --chunk-size 257M "too large" "$CHUNK"
refused --chunk-size 1G "too large" "$CHUNK"
refused --chunk-size 99999999999999G "too large" "$CHUNK"
refused --chunk-size '1M ' "not a size" "$CHUNK"
refused --chunk-size 1T "not a size" "$CHUNK"
refused --max-bytes -1 "negative" "$BYTES"
refused --max-bytes 18446744073709551616 "too large" "$BYTES"
refused --max-bytes 17179869184G "too large" "$BYTES"
refused --max-bytes 1.5M "not a size" "$BYTES"
refused --memory-limit 15M "too small" "$MEM"
refused --memory-limit 0 "too small" "$MEM"
refused --memory-limit -1G "negative" "$MEM"
refused --memory-limit 16777216T "too large: more than 2^64 - 1 bytes" "$MEM"
# The boundaries are accepted (the run itself then proceeds as usual).
accepted() {
  rm -f ok.out*
  "$FENBATCH" -q "$@" in.fen "ok.out$OUT_SUFFIX" 2>err.txt || fail "$* refused: $(cat err.txt)"
}
OUT_SUFFIX="" accepted -j 0
OUT_SUFFIX="" accepted -j 4096
OUT_SUFFIX="" accepted --top 0 --samples 0 --max-invalid 0
OUT_SUFFIX="" accepted --top 1048576 --samples 1073741824 --max-invalid 18446744073709551615
OUT_SUFFIX="" accepted --chunk-size 1 --max-bytes 1
OUT_SUFFIX="" accepted --chunk-size 256M --max-bytes 18446744073709551615
OUT_SUFFIX=".zst" accepted --level 1
OUT_SUFFIX=".zst" accepted --level 22
for ext in gz xz bz2; do OUT_SUFFIX=".$ext" accepted --level 1; OUT_SUFFIX=".$ext" accepted --level 9; done
OUT_SUFFIX="" accepted -d --memory-limit 16M
iic_check in.fen "accepted values"
finish
