#!/usr/bin/env bash
# check_options.sh COMMAND BINARY MAN_PAGE COMPLETION: the man page and the bash completion
# name exactly the options of BINARY --help (COMMAND is the name the completion is registered
# for: fenbatch, fenbatch-gen, fenbatch-mpi).
#   - every long and short option of --help has an entry in the man page's OPTIONS section (as
#     `man -l` renders it) and is offered by the completion (`COMMAND --<TAB>`, `COMMAND -<TAB>`);
#   - every option the OPTIONS section names (in its entries' tags and in their text) and every
#     one the completion offers is in --help, so that stale documentation fails too.
# The completion is asked twice: with bash-completion's helpers loaded and with bash alone.
# shellcheck source=docs_lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/docs_lib.sh"
[ $# = 4 ] || die "usage: check_options.sh COMMAND BINARY MAN_PAGE COMPLETION"
command=$1 binary=$2 man_page=$3 completion=$4

# fenbatch-mpi initializes MPI (a singleton without mpirun); Open MPI refuses root unless told.
help_options env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
  timeout 60 "$binary" >"$work/help" || exit 1
[ "$(grep -c -- '^--' "$work/help")" -ge 2 ] ||
  die "$binary --help: found no options to check in its output (has its layout changed?)"

rendered_man "$man_page" | options_section >"$work/options" ||
  die "man -l $man_page failed"
[ -s "$work/options" ] || die "$man_page: no OPTIONS section in the rendered page"
tag_options <"$work/options" | sort -u >"$work/man_tags"
# Every --option the section mentions, in a tag or in the text.
grep -oE -- '--[[:alnum:]][[:alnum:]-]*' "$work/options" | sort -u >"$work/man_mentions"

while read -r option; do
  grep -qxF -- "$option" "$work/man_tags" ||
    fail "$option (in $binary --help) has no entry in the OPTIONS section of $man_page"
done <"$work/help"
while read -r option; do
  grep -qxF -- "$option" "$work/help" ||
    fail "$man_page documents $option, which $binary --help does not list"
done < <(sort -u "$work/man_tags" "$work/man_mentions")

for mode in plain helpers; do
  printf '%s\n' "$command --" "$command -" | completions "$mode" "$completion" >"$work/offered"
  long=$(sed -n 1p "$work/offered")
  all=$(sed -n 2p "$work/offered")
  while read -r option; do
    case $option in
      --*) offered=$long typed="$command --" ;;
      *) offered=$all typed="$command -" ;;
    esac
    [[ " $offered " == *" $option "* ]] ||
      fail "completion ($mode): '$typed<TAB>' does not offer $option (in $binary --help)"
  done <"$work/help"
  for option in $all; do
    grep -qxF -- "$option" "$work/help" ||
      fail "completion ($mode): '$command -<TAB>' offers $option, which $binary --help does not list"
  done
done
finish
