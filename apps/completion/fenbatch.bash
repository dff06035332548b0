# bash completion for fenbatch, fenbatch-gen and fenbatch-mpi.
#
# Installed as share/bash-completion/completions/{fenbatch,fenbatch-gen,fenbatch-mpi}: whichever
# command bash-completion loads it for, it registers all three. It can also be sourced by hand;
# bash-completion's helpers are used when present, and plain compgen otherwise.
# The option lists are each program's --help; tests/docs checks them both ways.

# The options of fenbatch and fenbatch-mpi (the same command line), and of fenbatch-gen.
_fenbatch_batch_options='--dedupe --key --output --exclude --where --uniqueness
  --split --split-seed --sample --sample-seed --keep --max-per-position --min-count
  --apply-moves --exclude-apply-moves --check-move
  --input-format --fen-field --header --columns --payload --no-mmap --allow-special --max-bytes
  --format --castling --ep --compress --level --rejects --duplicates --counts
  --repair --max-invalid --samples --list-reasons
  --stats --stats-json --report --top --no-progress --quiet
  --threads --chunk-size
  --memory-limit --temp-dir
  --help --version
  -d -o -q -j -h'
_fenbatch_gen_options='--help --version --lines --bytes --seed --variant --chess960-share
  --output
  -h -n -o'

# The words of $1 that start with the current word.
_fenbatch_words() {
  mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
}

# File names; with -d directories only; with suffixes ("html|htm") directories and the files
# with those suffixes.
_fenbatch_files() {
  if declare -F _filedir >/dev/null; then
    _filedir "$@"
    return
  fi
  compopt -o filenames 2>/dev/null
  if [[ ${1-} == -d ]]; then
    mapfile -t COMPREPLY < <(compgen -d -- "$cur")
  elif [[ -n ${1-} ]]; then
    local suffix
    mapfile -t COMPREPLY < <(compgen -d -- "$cur")
    for suffix in ${1//|/ }; do
      mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -X "!*.$suffix" -- "$cur")
    done
  else
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  fi
}

# Without bash-completion: cur, prev, words and cword from bash's own variables. Bash splits
# --key=fen at "=" into "--key" "=" "fen" (COMP_WORDBREAKS); the option is then the word
# before the "=".
_fenbatch_init_plain() {
  words=("${COMP_WORDS[@]}")
  cword=$COMP_CWORD
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  if [[ $cur == = ]]; then
    cur=
    split=true
  elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
    split=true
  fi
}

_fenbatch() {
  local cur prev words cword split=false
  if declare -F _init_completion >/dev/null; then
    _init_completion -s || return
  else
    _fenbatch_init_plain
  fi

  local command=${1##*/} options=$_fenbatch_batch_options
  [[ $command == fenbatch-gen ]] && options=$_fenbatch_gen_options

  # After "--" every word is an operand (fenbatch-gen takes none).
  local i
  for ((i = 1; i < cword; i++)); do
    if [[ ${words[i]} == -- ]]; then
      [[ $command == fenbatch-gen ]] || _fenbatch_files
      return
    fi
  done

  # The value of the option before.
  case $prev in
    --key)
      _fenbatch_words 'position fen board placement mirror'
      return
      ;;
    --keep)
      _fenbatch_words 'first last max: min:'
      return
      ;;
    --input-format)
      _fenbatch_words 'fen csv tsv jsonl plain'
      return
      ;;
    --header)
      _fenbatch_words 'auto yes no'
      return
      ;;
    --format)
      _fenbatch_words 'fen epd keep plain'
      return
      ;;
    --castling)
      _fenbatch_words 'xfen shredder'
      return
      ;;
    --ep)
      _fenbatch_words 'legal pseudo always'
      return
      ;;
    --compress)
      _fenbatch_words 'auto none zstd gzip xz bzip2'
      return
      ;;
    --variant)
      _fenbatch_words 'capablanca capablanca-random gothic embassy janus chess
        chess960 mixed'
      return
      ;;
    --temp-dir)
      _fenbatch_files -d
      return
      ;;
    --report)
      _fenbatch_files 'html|htm'
      return
      ;;
    -o | --output | --exclude | --rejects | --duplicates | --counts | --stats-json)
      _fenbatch_files
      return
      ;;
    # Numbers, sizes, a field name and an expression: nothing to offer (and no file names).
    -j | --threads | --chunk-size | --memory-limit | --max-bytes | --level | --max-invalid | \
      --samples | --top | --fen-field | --columns | --where | -n | --lines | --bytes | --seed | \
      --chess960-share | --split | --split-seed | --sample | --sample-seed | --max-per-position \
      | --min-count | --apply-moves | --exclude-apply-moves | --check-move)
      return
      ;;
  esac
  # An option that takes no value, given one with "=": nothing fits.
  [[ $split == true ]] && return

  # fenbatch-gen takes no operands: its options are all there is to offer.
  if [[ $cur == -* || $command == fenbatch-gen ]]; then
    _fenbatch_words "$options"
  else
    _fenbatch_files
  fi
}

complete -F _fenbatch fenbatch fenbatch-gen fenbatch-mpi
