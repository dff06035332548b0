#!/usr/bin/env bash
# In place: "fenbatch --dedupe data.fen data.fen" gives what a run into another file gives, and
# the output replaces the file (keeping its permission bits). On failure (bad option value,
# missing, directory or corrupt later input, refused device) the input and an existing output
# are left untouched and no temporary ".*.fenbatch-*.tmp" file is left in their directory.
# Only a single input is rewritten in place (issue 14): "data.fen other data.fen" is three
# operands, "-o data.fen data.fen other" an output that is one of several inputs; both are
# refused before anything is opened.
set -uo pipefail
mkdir work && cd work || exit 1
bash "$DATA/mixed_input.sh" >../mixed.fen
cat ../mixed.fen "$DATA/positions.fen" "$DATA/positions.epd" >data.fen
failed=0
fail() { echo "FAIL: $*"; failed=1; }
no_temp_files() {
  local left
  left=$(find . -name '.*.fenbatch-*.tmp')
  [ -z "$left" ] || fail "$1: temporary files left: $left"
}

"$FENBATCH" -q --dedupe data.fen expected.fen || fail "run into another file"
chmod 640 data.fen
"$FENBATCH" -q --dedupe data.fen data.fen || fail "in-place run"
cmp -s expected.fen data.fen || fail "in-place result differs from a run into another file"
[ "$(stat -c %a data.fen)" = 640 ] || fail "mode after in-place run: $(stat -c %a data.fen)"
no_temp_files "in-place run"

printf 'old content\n' >existing.fen
"$FENBATCH" -q --dedupe -o existing.fen ../mixed.fen "$DATA/positions.fen" "$DATA/positions.epd" ||
  fail "run over an existing output"
cmp -s expected.fen existing.fen || fail "existing output not replaced by the result"

cp data.fen saved.fen
cp existing.fen existing-saved.fen
head -c 100 <(gzip -c ../mixed.fen) >corrupt.gz
mkdir dir
while IFS= read -r args; do
  # shellcheck disable=SC2086  # word splitting of the argument list is intended
  "$FENBATCH" -q $args 2>/dev/null
  status=$?
  [ "$status" = 2 ] || fail "fenbatch $args: exit $status, expected 2"
  cmp -s saved.fen data.fen || { fail "fenbatch $args changed data.fen"; cp saved.fen data.fen; }
  cmp -s existing-saved.fen existing.fen ||
    { fail "fenbatch $args changed existing.fen"; cp existing-saved.fen existing.fen; }
  no_temp_files "fenbatch $args"
done <<'LIST'
--format xml data.fen data.fen
--dedupe -o existing.fen data.fen missing.fen
--dedupe -o existing.fen data.fen dir
--dedupe -o existing.fen data.fen corrupt.gz
--dedupe -o existing.fen data.fen /dev/zero
--dedupe --rejects nodir/rejects.txt data.fen data.fen
--dedupe data.fen missing.fen data.fen
--dedupe -o data.fen data.fen existing.fen
--dedupe -o data.fen existing.fen data.fen
LIST
exit "$failed"
