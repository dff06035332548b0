#!/usr/bin/env bash
# I07 (issue 26, item 7): in place with --max-bytes would replace the input by its first bytes,
# so it is refused: `fenbatch -d --max-bytes 100K f f` exits 2 with a message naming the output,
# the input and --max-bytes, before anything is written; f keeps its bytes (IIC: size, mtime,
# inode, sha256) and no temporary is left. Also as ./f, through a hard link, through a symlink
# and compressed (f.gz in place). --max-bytes into another file still works and writes the
# first lines; in place without --max-bytes still rewrites the whole file. (Before: exit 0,
# 1.5% of the lines left.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need gzip
"$FENBATCH_GEN" -n 20000 --seed 7 -o f || die "fenbatch-gen failed"
gzip -c f >f.gz
"$FENBATCH" -q f all.fen || die "reference run failed"
ln f hard.fen
ln -s f link.fen
for spelling in "f f" "f ./f" "f hard.fen" "link.fen link.fen" "f.gz f.gz"; do
  read -r input output <<<"$spelling"
  target=$([ "$input" = f.gz ] && echo f.gz || echo f)
  iic_save "$target"
  # shellcheck disable=SC2086  # the pair of operands
  "$FENBATCH" -q -d --max-bytes 100K $spelling 2>err.txt
  status=$?
  [ "$status" = 2 ] || fail "$spelling: exit $status, expected 2"
  grep -Eq "^fenbatch: the output $output is also an input.*--max-bytes would cut it" err.txt ||
    fail "$spelling: stderr: $(cat err.txt)"
  iic_check "$target" "$spelling"
  [ "$(stat -c %i f)" = "$(stat -c %i hard.fen)" ] || fail "$spelling: hard.fen replaced"
  no_temps "$spelling"
done
# Into another file: the first lines, and only those.
"$FENBATCH" -q --max-bytes 100K f first.fen || fail "--max-bytes into another file: exit $?"
lines=$(wc -l <first.fen)
[ "$lines" -gt 0 ] && [ "$lines" -lt "$(wc -l <all.fen)" ] || fail "first.fen has $lines lines"
cmp -s first.fen <(head -n "$lines" all.fen) || fail "first.fen is not the first lines of the whole run"
# In place without --max-bytes: the whole file.
cp f whole.fen
"$FENBATCH" -q whole.fen whole.fen || fail "in place without --max-bytes: exit $?"
same_file all.fen whole.fen "in place without --max-bytes"
finish
