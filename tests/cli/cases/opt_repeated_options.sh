#!/usr/bin/env bash
# An option given twice is refused, whatever the values (the same or different), the spelling
# (-j and --threads, -q and --quiet) or the form (--level=3 and --level 3): exit 2, one line
# "fenbatch: option 'OPTION' cannot be specified more than once" (OPTION as typed last), then
# "Try 'fenbatch --help'.", nothing on stdout, nothing written. Never the first or the last
# value silently. Only --exclude is repeatable (several references), and it runs.
set -uo pipefail
mkdir work && cd work || exit 1
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' >ok.fen
failed=0
fail() { echo "FAIL: $*"; failed=1; }
twice() {  # twice NAME_IN_MESSAGE ARGS...
  local name=$1
  shift
  "$FENBATCH" "$@" ok.fen out.fen >stdout.txt 2>err.txt
  local status=$?
  [ "$status" = 2 ] || fail "$*: exit $status, expected 2"
  [ "$(head -n 1 err.txt)" = "fenbatch: option '$name' cannot be specified more than once" ] ||
    fail "$*: stderr $(cat err.txt)"
  [ "$(sed -n 2p err.txt)" = "Try 'fenbatch --help'." ] || fail "$*: no usage hint"
  [ ! -s stdout.txt ] || fail "$*: wrote to stdout"
  local left
  left=$(find . -mindepth 1 ! -name ok.fen ! -name stdout.txt ! -name err.txt)
  [ -z "$left" ] || fail "$*: wrote $left"
}
twice -j -j 2 -j 3
twice -j -j 2 -j 2
twice -j --threads 2 -j2
twice --threads -j 2 --threads=2
twice --top --top 5 --top 6
twice --samples --samples 1 --samples=1
twice --max-invalid --max-invalid 1 --max-invalid 2
twice --max-bytes --max-bytes 1K --max-bytes 2K
twice --chunk-size --chunk-size 4K --chunk-size 4K
twice --memory-limit --memory-limit 16M --memory-limit 32M
twice --level --level=3 --level 3
twice --key --key fen --key board
twice --format --format fen --format epd
twice --castling --castling xfen --castling shredder
twice --ep --ep legal --ep always
twice --compress --compress zstd --compress none
twice --input-format --input-format fen --input-format csv
twice --fen-field --fen-field fen --fen-field 2
twice -o -o a.fen -o b.fen
twice --rejects --rejects r1.txt --rejects r2.txt
twice --stats-json --stats-json s.json --stats-json s.json
twice --report --report r.html --report r2.html
twice --counts --counts c.tsv --counts c2.tsv
twice --duplicates --duplicates d.txt --duplicates d2.txt
twice --temp-dir --temp-dir . --temp-dir /tmp
twice --dedupe -d --dedupe
twice -d --dedupe -d
twice --quiet -q --quiet
twice --stats --stats --stats
twice --repair --repair --repair
twice --payload --payload --payload
twice --no-mmap --no-mmap --no-mmap
twice --no-progress --no-progress --no-progress
twice --allow-special --allow-special --allow-special
# --exclude is repeatable: both references apply.
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' >s.fen
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' >both.fen
"$FENBATCH" -q --exclude ok.fen --exclude s.fen both.fen none.fen || fail "--exclude twice: exit $?"
[ -e none.fen ] && [ ! -s none.fen ] || fail "--exclude twice: not both references applied"
exit "$failed"
