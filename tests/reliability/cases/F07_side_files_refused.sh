#!/usr/bin/env bash
# F07, issue 14 (side files overwrote inputs or each other): every written path (output,
# --rejects, --stats-json, --duplicates, --counts) differs from every input and --exclude
# reference and from every other written path, by device and inode (through symlinks, hard
# links, ./x, d/../x) or, for files not yet there, by resolved name; at most one of them is
# standard output; a side file refuses to replace an existing file of FEN/EPD positions (the
# mark of a forgotten argument) and, since issue 26 (I05), anything else that is not empty or
# of its own kind (a JSON object that is not fenbatch's statistics, notes). Each case exits 2 with a message naming the option and the path, "Try 'fenbatch --help'", and
# touches nothing: every file keeps its sha256, no file or temporary appears, stdout is empty.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
mkdir side && cd side || die "mkdir"
printf '%s\n' "$K" "$S" "$K" >in.fen
printf '%s\n' "$S" >out.fen
printf '%s\n' "$K" >ref.epd
printf '{"old": true}\n' >old.json
printf 'my notes\n' >notes.txt
printf '%s\n' "$K" "$S" | zstd -q >corpus.epd.zst
ln -s in.fen link.fen
mkdir d
sums() { sha256sum in.fen out.fen ref.epd old.json notes.txt corpus.epd.zst; ls -AR; }
before=$(sums)
refused() {  # refused WHAT MESSAGE FENBATCH_ARGS...   (MESSAGE: the first stderr line, exactly)
  local what=$1 message=$2
  shift 2
  "$FENBATCH" "$@" >../stdout.txt 2>../err.txt
  local status=$?
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  [ "$(head -n 1 ../err.txt)" = "fenbatch: $message" ] || fail "$what: stderr: $(cat ../err.txt)"
  [ "$(sed -n 2p ../err.txt)" = "Try 'fenbatch --help'." ] || fail "$what: no usage hint"
  [ ! -s ../stdout.txt ] || fail "$what: wrote to stdout"
  [ "$(sums)" = "$before" ] || fail "$what: files changed: $(sums)"
}
# The issue's cases.
refused "--rejects in.fen in.fen o.fen" "--rejects in.fen is also an input" \
  --rejects in.fen in.fen o.fen
refused "--stats-json in.fen in.fen o.fen" "--stats-json in.fen is also an input" \
  --stats-json in.fen in.fen o.fen
refused "-d --stats-json in.fen out.fen (argument forgotten)" \
  "--stats-json in.fen holds FEN/EPD positions; refusing to replace it (was the option's file argument forgotten?)" \
  -d --stats-json in.fen out.fen
refused "-d --rejects in.fen out.fen (argument forgotten)" \
  "--rejects in.fen holds FEN/EPD positions; refusing to replace it (was the option's file argument forgotten?)" \
  -d --rejects in.fen out.fen
refused "--stats-json - with the output on stdout" \
  "the output and --stats-json both write to standard output; give one of them a file" \
  --stats-json - in.fen
# Other spellings of the same file.
refused "--duplicates ./in.fen" "--duplicates ./in.fen is also an input (in.fen)" \
  -d --duplicates ./in.fen in.fen out.fen
refused "--counts through a symlink" "--counts link.fen is also an input (in.fen)" \
  -d --counts link.fen in.fen out.fen
refused "--rejects d/../in.fen" "--rejects d/../in.fen is also an input (in.fen)" \
  --rejects d/../in.fen in.fen out.fen
refused "--rejects = an --exclude reference" "--rejects ref.epd is also an --exclude reference" \
  --exclude ref.epd --rejects ref.epd in.fen out.fen
# Written paths among themselves (new files: by resolved name; existing: by inode).
refused "--rejects r.txt --counts ./r.txt" "--rejects and --counts both write r.txt (as ./r.txt)" \
  --rejects r.txt --counts ./r.txt in.fen out.fen
refused "output = --stats-json" "the output and --stats-json both write notes.txt" \
  --stats-json notes.txt in.fen notes.txt
refused "--duplicates d/x = --counts x through d/.." "--duplicates and --counts both write d/x (as d/../d/x)" \
  --duplicates d/x --counts d/../d/x in.fen out.fen
refused "--stats-json replacing a file that is not JSON" \
  "--stats-json notes.txt is not a statistics JSON that fenbatch wrote (its first line begins 'my notes'); refusing to replace it: name another file, or remove it first" \
  --stats-json notes.txt in.fen o.fen
refused "--stats-json replacing a JSON object that is not fenbatch's statistics" \
  "--stats-json old.json is not a statistics JSON that fenbatch wrote (its first line begins '{\"old\": true}'); refusing to replace it: name another file, or remove it first" \
  --stats-json old.json in.fen o.fen
# A compressed corpus is judged by its decompressed text.
refused "-d --stats-json corpus.epd.zst out.fen (argument forgotten, compressed)" \
  "--stats-json corpus.epd.zst holds FEN/EPD positions; refusing to replace it (was the option's file argument forgotten?)" \
  -d --stats-json corpus.epd.zst out.fen
no_temps "side files"
# What stays allowed: an earlier statistics file replaced, a side file on stdout while the
# output is a file, two side files into /dev/null, the single input in place.
printf '%s\n' "$K" >one.fen
"$FENBATCH" -q --stats-json earlier.json one.fen new.fen || fail "first earlier.json: exit $?"
json earlier.json 's["lines"]' | grep -qx 1 || fail "earlier.json: not the statistics"
"$FENBATCH" -q --stats-json earlier.json in.fen new.fen || fail "replacing earlier.json: exit $?"
json earlier.json 's["lines"]' | grep -qx 3 || fail "earlier.json not replaced by the statistics"
"$FENBATCH" -q --stats-json - -o new2.fen in.fen >stats.json || fail "--stats-json - with -o: exit $?"
json stats.json 's["lines"]' | grep -qx 3 || fail "--stats-json -: not the statistics on stdout"
"$FENBATCH" -q --rejects /dev/null --stats-json /dev/null in.fen new3.fen || fail "/dev/null twice: exit $?"
# A compressed statistics file of an earlier run is replaced (its text is a JSON object).
"$FENBATCH" -q --stats-json s.json.xz in.fen new4.fen || fail "first s.json.xz: exit $?"
"$FENBATCH" -q --stats-json s.json.xz in.fen new4.fen || fail "replacing s.json.xz: exit $?"
finish
