#!/usr/bin/env bash
# I16 (unclear errors: "--stats-json --quiet in out" wrote a file named --quiet while
# "--rejects -d" was refused; an empty output name '' ran the whole job and failed at the
# rename; "--rejects ''" and the other side files with '' were silently not written): every
# option that takes a FILE or DIR (-o/--output, --rejects, --duplicates, --counts,
# --stats-json, --report, --exclude, --temp-dir) refuses, alike,
#   - a value that begins with '-' (a known option, an unknown one, the --opt=VALUE and -oVALUE
#     forms too): "fenbatch: OPTION takes a FILE, not the option-like '-d' (was its argument
#     forgotten?); to name a file that begins with '-', write './-d'" (DIR for --temp-dir);
#   - an empty name: "fenbatch: OPTION needs a file name, not an empty one ('')";
#   - '-' for --temp-dir (for the files '-' is standard input or output, and stays allowed);
# and an empty operand is refused too. Each: exit 2, that line then "Try 'fenbatch --help'.",
# before any work: nothing on stdout, no file created (no --quiet), no temporary, the input
# unchanged (IIC). Messages written by hand. What stays allowed: ./--quiet names that file,
# an operand after "--" may begin with '-', '-' for the files.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
mkdir work && cd work || die "mkdir"
printf '%s\n' "$K" "$S" "$K" >in.fen
iic_save in.fen
listing() { find . -mindepth 1 ! -name stdout.txt ! -name err.txt | sort; }
before=$(listing)
refused() {  # refused MESSAGE ARGS...: fenbatch ARGS refused with "fenbatch: MESSAGE"
  local message=$1
  shift
  "$FENBATCH" "$@" >stdout.txt 2>err.txt
  local status=$?
  local what="fenbatch $*"
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  [ "$(head -n 1 err.txt)" = "fenbatch: $message" ] ||
    fail "$what: stderr '$(head -n 1 err.txt)', expected 'fenbatch: $message'"
  [ "$(sed -n 2p err.txt)" = "Try 'fenbatch --help'." ] && [ "$(wc -l <err.txt)" = 2 ] ||
    fail "$what: not one line and the usage hint: $(cat err.txt)"
  [ ! -s stdout.txt ] || fail "$what: wrote to stdout"
  [ "$(listing)" = "$before" ] || fail "$what: files appeared: $(listing | tr '\n' ' ')"
  no_temps "$what"
  iic_check in.fen "$what"
}
like() {  # like OPTION_AS_TYPED KIND VALUE: the option-like refusal's text
  local thing=file
  [ "$2" = DIR ] && thing=directory
  echo "$1 takes a $2, not the option-like '$3' (was its argument forgotten?); to name a $thing that begins with '-', write './$3'"
}
# The issue's pair: the same refusal whether Boost took the value or called it missing.
refused "$(like --stats-json FILE --quiet)" -d --stats-json --quiet in.fen out.fen
refused "$(like --rejects FILE -d)" --rejects -d in.fen out.fen
# Every FILE/DIR option, with a known option, an unknown one, and the explicit forms.
for option in --output --rejects --duplicates --counts --stats-json --report --exclude --temp-dir; do
  kind=FILE
  [ "$option" = --temp-dir ] && kind=DIR
  refused "$(like "$option" "$kind" -q)" "$option" -q in.fen out.fen
  refused "$(like "$option" "$kind" --stats)" "$option" --stats in.fen out.fen
  refused "$(like "$option" "$kind" -x)" "$option" -x in.fen out.fen
  refused "$(like "$option" "$kind" --frobnicate)" "$option" --frobnicate in.fen out.fen
  refused "$(like "$option" "$kind" --quiet)" "$option=--quiet" in.fen out.fen
  if [ "$kind" = FILE ]; then
    refused "$option needs a file name, not an empty one ('')" "$option" '' in.fen out.fen
    refused "$option needs a file name, not an empty one ('')" "$option=" in.fen out.fen
  fi
done
refused "$(like -o FILE -d)" -o -d in.fen
refused "$(like -o FILE -x)" -o-x in.fen
refused "-o needs a file name, not an empty one ('')" -o '' in.fen
refused "--temp-dir needs a directory (leave it out for \$TMPDIR, else /tmp)" --temp-dir '' in.fen out.fen
refused "--temp-dir needs a directory, and '-' is none; write './-' for a directory named -" \
  --temp-dir - in.fen out.fen
refused "$(like --exclude FILE -q)" --exclude ref.fen --exclude -q in.fen out.fen
# Empty operands, as input or as output; an empty --fen-field.
empty_operand="an operand is empty (''): name a file, or '-' for standard input or output"
refused "$empty_operand" in.fen ''
refused "$empty_operand" '' out.fen
refused "$empty_operand" -o out.fen in.fen ''
refused "--fen-field needs a column name or number, not an empty one ('')" --fen-field '' in.fen out.fen
# Allowed: ./--quiet names that file; an operand after -- may begin with '-'; '-' for the files.
"$FENBATCH" -q --stats-json ./--quiet in.fen out.fen || fail "--stats-json ./--quiet: exit $?"
[ -s ./--quiet ] && json ./--quiet 's["lines"]' | grep -qx 3 || fail "./--quiet: not the statistics"
"$FENBATCH" -q -- in.fen -dash.fen || fail "-- in.fen -dash.fen: exit $?"
[ -s ./-dash.fen ] || fail "-- in.fen -dash.fen: ./-dash.fen not written"
"$FENBATCH" -q --stats-json - --rejects /dev/null -o dash2.fen in.fen >stats.json ||
  fail "--stats-json - with -o: exit $?"
json stats.json 's["lines"]' | grep -qx 3 || fail "--stats-json -: not the statistics on stdout"
iic_check in.fen "allowed forms"
finish
