#!/usr/bin/env bash
# Compressed output (issue 14): a written file whose name ends in .zst, .gz, .xz or .bz2 is
# compressed in that codec: the output, --rejects, --duplicates, --counts and --stats-json. Each
# passes the codec's own tool's test (zstd -t, gzip -t, xz -t, bzip2 -t) and decompresses with
# that tool to exactly the bytes of the same run written plain. The input (~7 MB of output)
# spans many 1 MiB buffers. --compress forces the output's codec (standard output, a plain
# name) or turns compression off; --level is checked against the codec's range (exit 2, nothing
# created); a level for an uncompressed output is refused too. fenbatch-gen honours compressed
# names as well.
set -uo pipefail
failed=0
fail() { echo "FAIL: $*"; failed=1; }
no_temps() {
  local left
  left=$(find . -name '.*.fenbatch-*.tmp*')
  [ -z "$left" ] || fail "$1: temporary files left: $left"
}
# same_as TOOL COMPRESSED PLAIN WHAT: the tool accepts it and decompresses it to PLAIN.
same_as() {
  "$1" -t "$2" 2>/dev/null || { fail "$4: $1 -t rejects $2"; return; }
  "$1" -d -c "$2" | cmp -s - "$3" || fail "$4: $2 does not decompress to $3"
}

"$FENBATCH_GEN" -n 120000 --seed 41 -o gen.fen || exit 1
bash "$DATA/mixed_input.sh" >mixed.fen
cat gen.fen mixed.fen gen.fen >in.fen
"$FENBATCH" -q --dedupe --rejects ref.rej --duplicates ref.dup --counts ref.cnt in.fen ref.out ||
  fail "plain reference run"
[ "$(wc -c <ref.out)" -gt 5000000 ] || fail "reference output too small to span several buffers"

for pair in zst:zstd gz:gzip xz:xz bz2:bzip2; do
  ext=${pair%%:*} tool=${pair#*:}
  "$FENBATCH" -q --dedupe --rejects "rej.$ext" --duplicates "dup.$ext" --counts "cnt.$ext" \
    in.fen "out.fen.$ext" || fail "$ext run"
  same_as "$tool" "out.fen.$ext" ref.out "$ext output"
  same_as "$tool" "rej.$ext" ref.rej "$ext rejects"
  same_as "$tool" "dup.$ext" ref.dup "$ext duplicates"
  same_as "$tool" "cnt.$ext" ref.cnt "$ext counts"
  [ "$(wc -c <"out.fen.$ext")" -lt "$(($(wc -c <ref.out) / 2))" ] || fail "$ext output not compressed"
  echo "$ext: ok"
done
# The default level is each tool's own: for xz preset 6, whose dictionary is 8 MiB (Boost's
# default would be preset 2, 2 MiB).
xz -l -vv out.fen.xz | grep -q -- '--lzma2=dict=8MiB' || fail "xz default: $(xz -l -vv out.fen.xz | tail -n 3)"

# The statistics file goes by its name too; a plain name stays plain JSON.
"$FENBATCH" -q --dedupe --stats-json s.json.gz --rejects plain-rej.txt in.fen o.fen || fail "stats run"
gzip -t s.json.gz || fail "s.json.gz: gzip -t"
gzip -d -c s.json.gz | python3 -c 'import json, sys; json.load(sys.stdin)' || fail "s.json.gz: not JSON inside"
cmp -s plain-rej.txt ref.rej || fail "a plain-named side file is not plain"
echo "stats: ok"

# --compress: standard output, a plain name, and off for a compressed name.
"$FENBATCH" -q --dedupe --compress zstd in.fen >stdout.zst || fail "--compress zstd to stdout"
same_as zstd stdout.zst ref.out "--compress zstd on standard output"
"$FENBATCH" -q --dedupe --compress gzip in.fen - | gzip -d -c | cmp -s - ref.out ||
  fail "--compress gzip through a pipe"
"$FENBATCH" -q --dedupe --compress xz in.fen forced.fen || fail "--compress xz to a plain name"
same_as xz forced.fen ref.out "--compress xz to a plain name"
"$FENBATCH" -q --dedupe --compress none in.fen off.fen.zst || fail "--compress none"
cmp -s off.fen.zst ref.out || fail "--compress none: not the plain output"
# ... but not onto a terminal (as zstd and gzip refuse): exit 2, nothing written there.
script -qec "$FENBATCH -q --compress zstd mixed.fen" /dev/null >tty.txt 2>&1
status=$?
[ "$status" = 2 ] || fail "compressed data on a terminal: exit status $status"
grep -q 'refusing to write zstd-compressed data to a terminal' tty.txt || fail "terminal: $(head -c 300 tty.txt)"
echo "compress: ok"

# --level within each codec's range: the same text.
for spec in zst:zstd:19 zst:zstd:1 gz:gzip:1 gz:gzip:9 xz:xz:1 bz2:bzip2:1; do
  IFS=: read -r ext tool level <<<"$spec"
  "$FENBATCH" -q --dedupe --level "$level" in.fen "level.fen.$ext" || fail "$tool --level $level"
  same_as "$tool" "level.fen.$ext" ref.out "$tool --level $level"
done
echo "levels: ok"

# Levels out of range: exit 2, a message naming the codec's range, nothing created.
bad_level() {  # bad_level EXPECTED_MESSAGE ARGS...
  local expected=$1
  shift
  printf 'old\n' >kept.out
  "$FENBATCH" -q --dedupe "$@" 2>err.txt
  local status=$?
  [ "$status" = 2 ] || fail "$*: exit status $status, expected 2"
  grep -qF -- "$expected" err.txt || fail "$*: stderr $(cat err.txt)"
  no_temps "$*"
}
bad_level "gzip levels are 1..9" --level 10 in.fen new.gz
[ ! -e new.gz ] || fail "bad gzip level: new.gz created"
bad_level "xz levels are 1..9" --level 10 in.fen new.xz
bad_level "bzip2 levels are 1..9" --level 12 in.fen new.bz2
bad_level "written uncompressed" --level 5 in.fen kept.out
[ "$(cat kept.out)" = old ] || fail "a refused level changed the existing output"
ls new.* 2>/dev/null && fail "a refused level created a file"
echo "bad levels: ok"

# fenbatch-gen writes through the same output_file: a compressed name is compressed too.
"$FENBATCH_GEN" -n 1000 --seed 41 -o gen.fen.zst || fail "fenbatch-gen to a .zst name"
"$FENBATCH_GEN" -n 1000 --seed 41 -o gen1000.fen || fail "fenbatch-gen plain"
same_as zstd gen.fen.zst gen1000.fen "fenbatch-gen to a .zst name"
echo "generator: ok"
exit "$failed"
