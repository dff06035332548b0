#!/usr/bin/env bash
# A truncated or corrupted compressed input (gzip, bzip2, xz, zstd) fails the run: exit 2,
# "fenbatch: read: FILE: corrupt FORMAT stream: ..." on stderr, and no output file (nor a
# temporary one) is left, also when the bad file comes after a good one.
set -uo pipefail
mkdir work && cd work || exit 1
bash "$DATA/mixed_input.sh" >../mixed.fen
cp "$DATA/positions.fen" ../good.fen
for tool in gzip bzip2 xz zstd; do
  "$tool" -q -c ../mixed.fen >../full.$tool
  size=$(wc -c <../full.$tool)
  head -c $((size - 10)) ../full.$tool >truncated.$tool
  head -c $((size / 2)) ../full.$tool >half.$tool
  # Flip bits all over the payload, past the magic bytes.
  python3 -c 'import sys
b = bytearray(open(sys.argv[1], "rb").read())
for i in range(16, len(b) - 4, 5): b[i] ^= 0x5A
open(sys.argv[2], "wb").write(b)' ../full.$tool corrupt.$tool
  for bad in truncated.$tool half.$tool corrupt.$tool; do
    for inputs in "$bad" "../good.fen $bad"; do
      rm -f out.fen  # each check on its own
      # shellcheck disable=SC2086  # word splitting of the input list is intended
      "$FENBATCH" -q -o out.fen $inputs 2>err.txt
      status=$?
      echo "$inputs: exit=$status $(sed -E 's/(stream:).*/\1 .../' err.txt)" \
           "$(find . -mindepth 1 ! -name 'truncated.*' ! -name 'half.*' ! -name 'corrupt.*' ! -name err.txt -printf '%f ')"
    done
  done
  rm -f ./*."$tool"
done
