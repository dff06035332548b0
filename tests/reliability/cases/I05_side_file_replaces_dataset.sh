#!/usr/bin/env bash
# I05 (issue 26, item 5): a side file (--stats-json, --rejects, --duplicates, --counts,
# --report) replaces only an empty file or a file of its own kind that fenbatch wrote. Refused
# (exit 2, a message naming the option and the file with "refusing to replace it", the file
# byte-identical, nothing published, no temporary): the issue's JSON-lines dataset under
# --stats-json and CSV puzzles under --rejects and --counts; a JSON object that is not the
# statistics; notes under --duplicates; someone's HTML page under --report; a gzip-compressed
# dataset; side files of another kind (a rejects list under --counts, statistics under
# --report); a file of blank lines; a dataset reached through a descriptor (3<>) or standard
# output appended to (>>). Allowed: each side file over its own earlier version (also
# compressed, also when the file names in its lines are quoted), an empty file, an empty gzip
# stream, /dev/null. (Before: `fenbatch -d --stats-json evals.jsonl clean.jsonl` replaced the
# dataset with the statistics, exit 0.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need gzip xz zstd
printf '%s\n' "$K" "$S" "$K" "bad line" >in.fen
printf '{"fen": "%s", "cp": 13}\n{"fen": "%s", "cp": 0}\n' "$K" "$S" >clean.jsonl
printf '{"fen": "%s", "eval": 0.31}\n{"fen": "%s", "eval": -1.2}\n' "$S" "$K" >evals.jsonl
printf 'PuzzleId,FEN,Moves,Rating\n00008,%s,e1e2,1913\n' "$K" >puzzles.csv
printf '{"name": "my settings", "schema_version": 3}\n' >settings.json
printf 'my notes\nabout nothing\n' >notes.txt
printf '<!DOCTYPE html>\n<html><head><meta name="generator" content="Hugo"/></head><body>my page</body></html>\n' >page.html
gzip -c puzzles.csv >puzzles.csv.gz
printf '\n  \n\n' >blank.txt
"$FENBATCH" -q -d --rejects own.rej --stats-json own.json in.fen own.fen || die "first run failed"

# refused WHAT FILE COMMAND: runs the shell line COMMAND; FILE must keep its bytes.
refused() {
  local what=$1 file=$2 command=$3 saved
  saved=$(fingerprint "$file")
  rm -f out.fen
  FB=$FENBATCH bash -c "$command" 2>err.txt >stdout.txt
  local status=$?
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  grep -Eq '^fenbatch: --[a-z-]+ .* refusing to replace it' err.txt || fail "$what: stderr: $(cat err.txt)"
  [ "$(fingerprint "$file")" = "$saved" ] || fail "$what: $file changed"
  [ ! -e out.fen ] || fail "$what: the output was published"
  [ ! -s stdout.txt ] || fail "$what: wrote to standard output"
  no_temps "$what"
}
refused "the issue's --stats-json evals.jsonl" evals.jsonl '"$FB" -q -d --stats-json evals.jsonl clean.jsonl'
refused "--rejects puzzles.csv" puzzles.csv '"$FB" -q -d --rejects puzzles.csv clean.jsonl'
refused "--counts puzzles.csv" puzzles.csv '"$FB" -q -d --counts puzzles.csv clean.jsonl'
refused "--stats-json: a JSON object that is not the statistics" settings.json \
  '"$FB" -q --stats-json settings.json in.fen out.fen'
refused "--duplicates notes.txt" notes.txt '"$FB" -q --duplicates notes.txt in.fen out.fen'
refused "--report: someone's HTML page" page.html '"$FB" -q --report page.html in.fen out.fen'
refused "--counts: a compressed dataset" puzzles.csv.gz '"$FB" -q --counts puzzles.csv.gz in.fen out.fen'
refused "--counts: a rejects list" own.rej '"$FB" -q --counts own.rej in.fen out.fen'
refused "--report: the statistics" own.json '"$FB" -q --report own.json in.fen out.fen'
refused "--rejects: blank lines" blank.txt '"$FB" -q --rejects blank.txt in.fen out.fen'
refused "--stats-json through a descriptor (3<>)" evals.jsonl \
  'exec 3<>evals.jsonl; "$FB" -q --stats-json /dev/fd/3 in.fen out.fen'
refused "--rejects on standard output appended to a dataset" puzzles.csv \
  '"$FB" -q --rejects - -o out.fen in.fen >>puzzles.csv'
grep -q 'fenbatch: --counts puzzles.csv is not a counts table that fenbatch wrote' <(
  "$FENBATCH" -q --counts puzzles.csv in.fen out.fen 2>&1) ||
  fail "the message does not say what the file is not"

# Allowed: each side file over its own kind, an empty file, an empty gzip stream, /dev/null.
"$FENBATCH" -q -d --rejects r.txt --duplicates d.txt --counts c.tsv --stats-json s.json \
  --report r.html in.fen o.fen || fail "first side files: exit $?"
printf '%s\n' "$S" "also bad" >two.fen
"$FENBATCH" -q -d --rejects r.txt --duplicates d.txt --counts c.tsv --stats-json s.json \
  --report r.html two.fen o.fen || fail "side files over their own kind: exit $?"
grep -q 'two\.fen:2:1: .*also bad' r.txt || fail "r.txt not replaced: $(cat r.txt)"
[ "$(json s.json 's["lines"]')" = 2 ] || fail "s.json not replaced"
: >empty.json
gzip -c </dev/null >empty.tsv.gz
"$FENBATCH" -q -d --stats-json empty.json --counts empty.tsv.gz --rejects /dev/null in.fen o.fen ||
  fail "empty files and /dev/null: exit $?"
[ "$(json empty.json 's["lines"]')" = 4 ] || fail "empty.json not replaced"
# Compressed earlier versions; lines naming files that need quoting.
cp in.fen "my games.fen"
for round in 1 2; do
  "$FENBATCH" -q -d --rejects r.txt.gz --duplicates d.txt.xz --stats-json s.json.zst "my games.fen" o.fen ||
    fail "compressed side files, round $round: exit $?"
done
gzip -dc r.txt.gz | grep -q 'games\.fen.*:4:2: bad_piece_char: bad line' || fail "r.txt.gz: $(gzip -dc r.txt.gz)"
no_temps "side files"
finish
