#!/usr/bin/env bash
# I16 (unclear errors: "iostream error" with no offset or reason): faults at the end of a
# compressed input. Zero padding after the last gzip member or bzip2 stream (gzip -t and
# bzip2 -t accept it) and xz stream padding (4 zero bytes) are read as the tools read them:
# exit 0, the plain file's output. Trailing garbage (which gzip and zcat warn about, exit 2,
# and bzip2 ignores) is refused, since it may be a damaged member whose data would be lost:
# exit 2, "corrupt gzip stream: trailing garbage at offset N after the last member", N the
# compressed file's size (zeros then garbage: N past the zeros); zstd refuses zero padding, as
# zstd -t does. A file of only the magic bytes, or cut anywhere, is "truncated at offset N" (N
# the file's size). Each refusal publishes nothing, leaves no temporary (AOC) and the input
# unchanged (IIC); also through a pipe.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need gzip bzip2 xz zstd
printf '%s\n' "$K" "$S" "$K" >plain.fen
"$FENBATCH" -q plain.fen ref.fen || die "reference run failed"
size() { stat -c %s "$1"; }
accepted() { # accepted FILE: read as the plain file, as a file and through a pipe
  "$FENBATCH" -q "$1" out.fen 2>err.txt || fail "$1: exit $?: $(head -c 300 err.txt)"
  same_file ref.fen out.fen "$1"
  cat "$1" | "$FENBATCH" -q - out.fen 2>err.txt || fail "$1 (pipe): exit $?: $(head -c 300 err.txt)"
  same_file ref.fen out.fen "$1 (pipe)"
}
refused() { # refused FILE MESSAGE-AFTER-"read: FILE: "
  local f=$1 want=$2
  iic_save "$f"
  rm -f out.fen
  "$FENBATCH" -q "$f" out.fen 2>err.txt
  aoc_check "$f" "$?" out.fen absent err.txt
  [ "$(cat err.txt)" = "fenbatch: read: $f: $want" ] ||
    fail "$f: stderr $(head -c 300 err.txt), expected fenbatch: read: $f: $want"
  cat "$f" | "$FENBATCH" -q - out.fen 2>err.txt
  aoc_check "$f (pipe)" "$?" out.fen absent err.txt
  [ "$(cat err.txt)" = "fenbatch: read: -: $want" ] || fail "$f (pipe): stderr $(head -c 300 err.txt)"
  iic_check "$f" "$f"
}
for tool in gzip bzip2 xz zstd; do
  "$tool" -q -c plain.fen >"whole.$tool"
  n=$(size "whole.$tool")
  { cat "whole.$tool"; head -c 1024 /dev/zero; } >"padded.$tool"
  { cat "whole.$tool"; printf 'trailing garbage\n'; } >"garbage.$tool"
  { cat "whole.$tool"; head -c 8 /dev/zero; printf 'x'; } >"zeros-garbage.$tool"
  head -c $((n - 5)) "whole.$tool" >"cut.$tool"
done
head -c 2 whole.gzip >magic.gzip
head -c 4 whole.bzip2 >magic.bzip2
head -c 6 whole.xz >magic.xz
head -c 4 whole.zstd >magic.zstd
gzip -t padded.gzip || die "gzip -t refuses padded.gzip"
bzip2 -t padded.bzip2 2>/dev/null || die "bzip2 -t refuses padded.bzip2"
xz -t padded.xz || die "xz -t refuses padded.xz"
for tool in gzip bzip2 xz; do accepted "padded.$tool"; done
frame() { case $1 in gzip) echo member ;; zstd) echo frame ;; *) echo stream ;; esac; }
for tool in gzip bzip2 zstd; do
  n=$(size "whole.$tool")
  refused "garbage.$tool" "corrupt $tool stream: trailing garbage at offset $n after the last $(frame $tool)"
  [ "$tool" = zstd ] && at=$n || at=$((n + 8))
  refused "zeros-garbage.$tool" "corrupt $tool stream: trailing garbage at offset $at after the last $(frame $tool)"
done
refused padded.zstd "corrupt zstd stream: trailing garbage at offset $(size whole.zstd) after the last frame"
# liblzma reads concatenated streams and their padding itself: garbage is corrupt data there.
rm -f out.fen
"$FENBATCH" -q garbage.xz out.fen 2>err.txt
aoc_check garbage.xz "$?" out.fen absent err.txt
grep -Eqx "fenbatch: read: garbage.xz: corrupt xz stream: compressed data is corrupt \(or not xz data after a stream\) at offset [0-9]+" err.txt ||
  fail "garbage.xz: stderr $(head -c 300 err.txt)"
for tool in gzip bzip2 xz zstd; do
  for f in "magic.$tool" "cut.$tool"; do
    refused "$f" "corrupt $tool stream: truncated at offset $(size "$f") (the input ends inside a $(frame $tool))"
  done
done
finish
