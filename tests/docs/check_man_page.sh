#!/usr/bin/env bash
# check_man_page.sh MAN_PAGE VERSION: the page renders without a warning, under man(1) with
# every warning on and under groff -ww; its title line names this VERSION of fenbatch (the
# pages are written by hand); it has the sections a reader looks for; and every option
# dash in its source is \- (a plain "-" is a hyphen, which groff may render as U+2010 and which
# then cannot be copied into a shell).
# shellcheck source=docs_lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/docs_lib.sh"
[ $# = 2 ] || die "usage: check_man_page.sh MAN_PAGE VERSION"
page=$1
version=$2
[ -r "$page" ] || die "cannot read $page"

(
  man_environment
  man --warnings=all -l "$page" >"$work/rendered" 2>"$work/man.stderr"
) || fail "man --warnings=all -l $page exited $?"
[ -s "$work/man.stderr" ] && fail "man --warnings=all -l $page warned:
$(cat "$work/man.stderr")"
[ -s "$work/rendered" ] || fail "man -l $page printed nothing"

# groff with every warning (man's "all" leaves some out), for print and for the terminal.
for device in ps utf8; do
  LC_ALL=C.UTF-8 groff -man -T"$device" -ww -z "$page" 2>"$work/groff.stderr" ||
    fail "groff -man -T$device -ww -z $page exited $?"
  [ -s "$work/groff.stderr" ] && fail "groff -man -T$device -ww -z $page warned:
$(cat "$work/groff.stderr")"
done

title=$(grep -m1 '^\.TH ' "$page")
case $title in
*"\"fenbatch $version\""*) ;;
*) fail "$page: the .TH line does not name fenbatch $version (the project's version): $title" ;;
esac

for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" ENVIRONMENT EXAMPLES "SEE ALSO"; do
  grep -qx "$section" "$work/rendered" || fail "$page has no $section section"
done

# A "-" starting an option or standing alone, outside comments: where a \- belongs.
grep -nE '(^|[[:space:]([|,"/]|\\f[BIRP])--?[[:alnum:]]|(^|[[:space:]])-($|[[:space:]])' "$page" |
  grep -vE '^[0-9]+:\.\\"' >"$work/dashes"
[ -s "$work/dashes" ] && fail "$page: option dashes not written \\- :
$(cat "$work/dashes")"
finish
