#!/usr/bin/env bash
# I12: UTF-16 and UTF-32 text inside gzip, zstd, xz and bzip2 (with a BOM and without, both byte
# orders), as a file and through a pipe, and after a good first input, is refused as the same
# text in a plain file is: exit 2, "fenbatch: read: FILE: input looks like UTF-16LE once
# gzip-decompressed; convert it to UTF-8 (iconv -f UTF-16LE -t UTF-8)" naming the encoding
# found, not millions of non_ascii lines and exit 1; no output published (an old one untouched),
# no temporary, IIC. Under --max-bytes smaller than the sample too, as for a plain file.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need iconv gzip zstd xz bzip2
for i in 1 2 3 4 5 6; do printf '%s\n' "$K" "$S"; done >plain.fen
iconv -f UTF-8 -t UTF-16 <plain.fen >UTF-16LE.txt     # BOM, host order (LE)
iconv -f UTF-8 -t UTF-16BE <plain.fen >UTF-16BE.txt   # no BOM
iconv -f UTF-8 -t UTF-32LE <plain.fen >UTF-32LE.txt   # no BOM
{ printf '\0\0\376\377'; iconv -f UTF-8 -t UTF-32BE <plain.fen; } >UTF-32BE.txt
printf 'old content\n' >out.fen
saved=$(fingerprint_content out.fen)
for encoding in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
  for tool in gzip zstd xz bzip2; do
    "$tool" -q -c "$encoding.txt" >"$encoding.$tool"
    for how in file pipe "after plain.fen" "max-bytes"; do
      what="$encoding in $tool, $how"
      input=$encoding.$tool
      iic_save "$input"
      case $how in
        file) "$FENBATCH" -q "$input" out.fen 2>err.txt ;;
        pipe) cat "$input" | "$FENBATCH" -q - out.fen 2>err.txt ;;
        after*) "$FENBATCH" -q -o out.fen plain.fen "$input" 2>err.txt ;;
        max-bytes) "$FENBATCH" -q --max-bytes 10 "$input" out.fen 2>err.txt ;;
      esac
      status=$?
      [ "$how" = pipe ] && input=-
      aoc_check "$what" "$status" out.fen "$saved" err.txt
      want="fenbatch: read: $input: input looks like $encoding once $tool-decompressed; convert it to UTF-8 (iconv -f $encoding -t UTF-8)"
      [ "$(cat err.txt)" = "$want" ] || fail "$what: stderr $(head -c 300 err.txt), expected $want"
      iic_check "$encoding.$tool" "$what"
    done
  done
done
finish
