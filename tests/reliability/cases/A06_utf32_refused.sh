#!/usr/bin/env bash
# A06 (catalogue: UTF-16/32, detected by a BOM or a high NUL ratio in the first block): UTF-32
# input (BOM-less little and big endian, and big endian with its BOM 00 00 FE FF) and BOM-less
# UTF-16 read through a pipe are refused with exit 2 and nothing published, instead of being
# reported as lines of nul_byte.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need iconv
printf '%s\n' "$K" "$S" "$K" "$S" >plain.fen
iconv -f UTF-8 -t UTF-32LE <plain.fen >le32.fen
iconv -f UTF-8 -t UTF-32BE <plain.fen >be32.fen
{ printf '\0\0\376\377'; cat be32.fen; } >bom32be.fen
iconv -f UTF-8 -t UTF-16LE <plain.fen >le16.fen
for input in le32.fen be32.fen bom32be.fen "pipe le16.fen" "pipe le32.fen"; do
  rm -f out.fen
  set -- $input
  if [ "$1" = pipe ]; then
    cat "$2" | "$FENBATCH" -q - out.fen 2>err.txt
  else
    "$FENBATCH" -q "$1" out.fen 2>err.txt
  fi
  status=$?
  aoc_check "$input" "$status" out.fen absent err.txt
done
finish
