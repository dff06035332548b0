#!/usr/bin/env bash
# completion_driver.sh MODE COMPLETION: for each command line on standard input (the cursor at
# its end), calls the function COMPLETION registered for the line's command as bash does on
# TAB, and prints what it offered (COMPREPLY), sorted, on one line: "<w1> <w2> ...".
# MODE plain: bash alone; helpers: bash-completion loaded first (its _init_completion, _filedir).
mode=$1
completion=$2
if [[ $mode == helpers ]]; then
  # Only bash-completion itself: no system or user completions beside it.
  export BASH_COMPLETION_COMPAT_DIR=/nonexistent BASH_COMPLETION_USER_FILE=/dev/null
  # shellcheck source=/dev/null
  source "$BASH_COMPLETION_SCRIPT" || exit 2
fi
# shellcheck source=/dev/null
source "$completion" || exit 2

# Bash's words for LINE (COMP_WORDBREAKS splits "--key=fen" into "--key" "=" "fen"), and the
# arguments it gives the function: the command, the current word (after any "=") and the word
# before it.
complete_line() {
  local line=$1 word='' c i
  COMP_WORDS=()
  for ((i = 0; i < ${#line}; i++)); do
    c=${line:i:1}
    if [[ $c == ' ' || $c == = ]]; then
      [[ -n $word ]] && COMP_WORDS+=("$word")
      word=''
      [[ $c == = ]] && COMP_WORDS+=("=")
    else
      word+=$c
    fi
  done
  if [[ -n $word || ${line: -1} == ' ' ]]; then
    COMP_WORDS+=("$word")
  fi
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE=$line
  COMP_POINT=${#line}
  COMP_TYPE=9
  COMP_KEY=9
  local current=${COMP_WORDS[COMP_CWORD]}
  [[ $current == = ]] && current=''

  local spec function
  spec=$(complete -p "${COMP_WORDS[0]}" 2>/dev/null) || {
    echo "<no completion registered for ${COMP_WORDS[0]}>"
    return
  }
  [[ $spec =~ -F\ ([^ ]+) ]] || {
    echo "<not a function: $spec>"
    return
  }
  function=${BASH_REMATCH[1]}
  COMPREPLY=()
  "$function" "${COMP_WORDS[0]}" "$current" "${COMP_WORDS[COMP_CWORD - 1]}" 2>/dev/null
  printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort -u | tr '\n' ' ' | sed 's/ $//'
  echo
}

while IFS= read -r line; do
  complete_line "$line"
done
