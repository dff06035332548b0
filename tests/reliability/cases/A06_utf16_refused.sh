#!/usr/bin/env bash
# A06: UTF-16 input (with a BOM, little and big endian; without a BOM, as a file) is refused:
# exit 2, "fenbatch: read: FILE: input looks like UTF-16LE; convert it to UTF-8 (iconv -f
# UTF-16LE -t UTF-8)" naming the byte order found (I12), no output
# (an existing one untouched), no temporary, IIC; also after a good first input and through
# standard input with a BOM. (UTF-32 and BOM-less UTF-16 on a pipe: A06_utf32_refused.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need iconv
printf '%s\n' "$K" "$S" "$K" "$S" >plain.fen
iconv -f UTF-8 -t UTF-16 <plain.fen >bom16.fen        # BOM, host order (LE)
{ printf '\376\377'; iconv -f UTF-8 -t UTF-16BE <plain.fen; } >bom16be.fen
iconv -f UTF-8 -t UTF-16LE <plain.fen >le16.fen       # no BOM
iconv -f UTF-8 -t UTF-16BE <plain.fen >be16.fen       # no BOM
printf 'old content\n' >out.fen
saved=$(fingerprint_content out.fen)
for case in bom16.fen:LE bom16be.fen:BE le16.fen:LE be16.fen:BE "plain.fen bom16.fen:LE" "stdin bom16.fen:LE"; do
  input=${case%:*}
  order=${case##*:}
  set -- $input
  last=${!#}
  iic_save "$last"
  if [ "$1" = stdin ]; then
    "$FENBATCH" -q - out.fen <"$2" 2>err.txt
  else
    "$FENBATCH" -q -o out.fen "$@" 2>err.txt
  fi
  status=$?
  aoc_check "$input" "$status" out.fen "$saved" err.txt
  grep -q "input looks like UTF-16$order; convert it to UTF-8 (iconv -f UTF-16$order -t UTF-8)\$" err.txt ||
    fail "$input: message: $(cat err.txt)"
  iic_check "$last" "$input"
done
finish
