# shellcheck shell=bash
# What the docs checks share (sourced): failures, the man page as man(1) renders it, and the
# completion's answers.
set -uo pipefail

DOCS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
failed=0
fail() {
  echo "FAIL: $*"
  failed=1
}
die() {
  echo "FAIL: $*"
  exit 1
}
finish() {
  [ "$failed" = 0 ] && echo "ok"
  exit "$failed"
}

# man(1) as a user's terminal would run it, but fixed: UTF-8 (so a hyphen where an option's
# dash belongs would show as U+2010), 80 columns, no pager, no user settings. The seccomp
# sandbox is off: some containers refuse it, and it guards nothing here.
man_environment() {
  export LC_ALL=C.UTF-8 MANWIDTH=80 MANPAGER=cat PAGER=cat MAN_DISABLE_SECCOMP=1
  unset MANOPT MANROFFOPT MAN_KEEP_FORMATTING MANSECT GROFF_SGR
}

# rendered_man PAGE: the page's text as `man -l` prints it, with words that hyphenation broke
# at a line end (a U+2010 hyphen there) joined again.
rendered_man() {
  (
    man_environment
    man -l "$1"
  ) | sed -e ':join' -e '/‐$/{N;s/‐\n *//;b join' -e '}'
}

# options_section: from rendered text on standard input, the OPTIONS section (up to the next
# section heading, a line in capitals at the left margin).
options_section() {
  awk '/^[A-Z][A-Z ]*$/ { inside = ($0 == "OPTIONS"); next } inside'
}

# tag_options: from an options section on standard input, the options each entry's tag names
# (the lines at the entry indent, 7 columns: "-d, --dedupe", "--key KIND"), one a line.
tag_options() {
  sed -nE 's/^       (-[^ ].*)/\1/p' | sed -E 's/   .*//' |
    grep -oE '(^|[ ,])--?[[:alnum:]][[:alnum:]-]*' | sed -E 's/^[ ,]//'
}

# help_options BINARY...: the options the program's --help lists (a line "  -d [ --dedupe ]"
# or "  --key KIND"), one a line. Fails the test when the program fails.
help_options() {
  local help status
  help=$("$@" --help 2>"$work/help.stderr")
  status=$?
  [ "$status" = 0 ] || die "$* --help exited $status: $(head -c 2000 "$work/help.stderr")"
  printf '%s\n' "$help" |
    sed -nE 's/^  (-[[:alnum:]]) \[ (--[[:alnum:]][[:alnum:]-]*) \].*/\1\n\2/p
             s/^  (--[[:alnum:]][[:alnum:]-]*).*/\1/p' | sort -u
}

# completions MODE COMPLETION: runs completion_driver.sh (MODE plain: bash alone; helpers:
# with bash-completion loaded), command lines on standard input, one answer a line.
completions() {
  if [ "$1" = helpers ] && [ ! -r "$BASH_COMPLETION_SCRIPT" ]; then
    die "bash-completion is not installed ($BASH_COMPLETION_SCRIPT; scripts/install-deps.sh installs it)"
  fi
  env -i PATH="$PATH" HOME="$work" LC_ALL=C.UTF-8 BASH_COMPLETION_SCRIPT="$BASH_COMPLETION_SCRIPT" \
    bash --norc --noprofile "$DOCS_DIR/completion_driver.sh" "$@"
}
BASH_COMPLETION_SCRIPT=${BASH_COMPLETION_SCRIPT:-/usr/share/bash-completion/bash_completion}

work=$(mktemp -d "${TMPDIR:-/tmp}/fenbatch-docs.XXXXXX") || die "no temporary directory"
trap 'rm -rf "$work"' EXIT
