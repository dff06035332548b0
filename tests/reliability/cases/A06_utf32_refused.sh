#!/usr/bin/env bash
# A06 (catalogue: UTF-16/32, detected by a BOM or a high NUL ratio in the first block): UTF-32
# input (BOM-less little and big endian, and with its BOM: 00 00 FE FF big endian, FF FE 00 00
# little endian, which starts like UTF-16LE's) and BOM-less UTF-16 read through a pipe are
# refused with exit 2 and nothing published, instead of being reported as lines of nul_byte;
# the message names the encoding found (I12: UTF-32 was called UTF-16).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need iconv
printf '%s\n' "$K" "$S" "$K" "$S" >plain.fen
iconv -f UTF-8 -t UTF-32LE <plain.fen >le32.fen
iconv -f UTF-8 -t UTF-32BE <plain.fen >be32.fen
{ printf '\0\0\376\377'; cat be32.fen; } >bom32be.fen
{ printf '\377\376\0\0'; cat le32.fen; } >bom32le.fen
iconv -f UTF-8 -t UTF-16LE <plain.fen >le16.fen
for case in le32.fen:UTF-32LE be32.fen:UTF-32BE bom32be.fen:UTF-32BE bom32le.fen:UTF-32LE \
  "pipe le16.fen:UTF-16LE" "pipe le32.fen:UTF-32LE"; do
  input=${case%:*}
  encoding=${case##*:}
  rm -f out.fen
  set -- $input
  if [ "$1" = pipe ]; then
    cat "$2" | "$FENBATCH" -q - out.fen 2>err.txt
  else
    "$FENBATCH" -q "$1" out.fen 2>err.txt
  fi
  status=$?
  aoc_check "$input" "$status" out.fen absent err.txt
  grep -q "input looks like $encoding; convert it to UTF-8 (iconv -f $encoding -t UTF-8)\$" err.txt ||
    fail "$input: message: $(cat err.txt)"
done
finish
