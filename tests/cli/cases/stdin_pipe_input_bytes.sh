#!/usr/bin/env bash
# Statistics of input read through a pipe: input_bytes counts every byte read from the input
# (also the first bytes read to sniff the compression format), bytes the decompressed text;
# both as for the same data in a regular file.
set -uo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
gzip -c mixed.fen >mixed.fen.gz
failed=0
check() {  # check WHAT JSON INPUT_BYTES BYTES
  read -r got_input got_bytes < <(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s["input_bytes"], s["bytes"])' "$2")
  if [ "$got_input" != "$3" ] || [ "$got_bytes" != "$4" ]; then
    echo "FAIL $1: input_bytes $got_input bytes $got_bytes, expected $3 and $4"
    failed=1
  fi
}
plain=$(wc -c <mixed.fen)
packed=$(wc -c <mixed.fen.gz)
"$FENBATCH" -q --stats-json file.json mixed.fen >/dev/null
check "regular file" file.json "$plain" "$plain"
cat mixed.fen | "$FENBATCH" -q --stats-json pipe.json >/dev/null
check "plain pipe" pipe.json "$plain" "$plain"
cat mixed.fen.gz | "$FENBATCH" -q --stats-json gzpipe.json - >/dev/null
check "gzip pipe" gzpipe.json "$packed" "$plain"
exit "$failed"
