#!/usr/bin/env bash
# check_completion.sh COMPLETION: what the bash completion offers in the common cases, with
# bash-completion's helpers and with bash alone. The expected answers are written by hand from
# the options' --help texts.
# shellcheck source=docs_lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/docs_lib.sh"
[ $# = 1 ] || die "usage: check_completion.sh COMPLETION"
completion=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

# A directory to complete file names in.
mkdir -p "$work/files/subdir" "$work/files/runs"
touch "$work/files/games.fen" "$work/files/report.html" "$work/files/stats.json"
cd "$work/files" || die "cannot enter $work/files"

# Each case: the command line (cursor at its end) | the words offered, sorted as C sorts.
cases=(
  'fenbatch --ded|--dedupe'
  'fenbatch-mpi --ded|--dedupe'
  'fenbatch --key |board fen mirror placement position'
  'fenbatch --key=|board fen mirror placement position'
  'fenbatch --key=p|placement position'
  'fenbatch --key=m|mirror'
  'fenbatch -d --key f|fen'
  'fenbatch --format |epd fen keep plain'
  'fenbatch --castling |shredder xfen'
  'fenbatch --ep |always legal pseudo'
  'fenbatch --compress |auto bzip2 gzip none xz zstd'
  'fenbatch --input-format |csv fen jsonl plain tsv'
  'fenbatch-gen --variant |capablanca capablanca-random chess chess960 embassy gothic janus mixed'
  'fenbatch-gen --variant=ch|chess chess960'
  'fenbatch --temp-dir |runs subdir'
  'fenbatch --temp-dir s|subdir'
  'fenbatch --report |report.html runs subdir'
  'fenbatch -d --counts |games.fen report.html runs stats.json subdir'
  'fenbatch -o |games.fen report.html runs stats.json subdir'
  'fenbatch -d |games.fen report.html runs stats.json subdir'
  'fenbatch -d g|games.fen'
  'fenbatch -- --d|'
  'fenbatch -- --key |games.fen report.html runs stats.json subdir'
  'fenbatch-gen -- |'
  'fenbatch -j |'
  'fenbatch --threads |'
  'fenbatch --memory-limit |'
  'fenbatch --chunk-size=|'
  'fenbatch --top |'
  'fenbatch --level |'
  'fenbatch --max-bytes |'
  'fenbatch --fen-field |'
  'fenbatch --dedupe=|'
  'fenbatch-gen -n |'
  'fenbatch-gen --seed |'
  'fenbatch-gen --chess960-share |'
  'fenbatch-gen --lin|--lines'
  'fenbatch-gen -o |games.fen report.html runs stats.json subdir'
)

for mode in plain helpers; do
  printf '%s\n' "${cases[@]%%|*}" | completions "$mode" "$completion" >"$work/answers"
  i=0
  while IFS= read -r answer; do
    line=${cases[i]%%|*}
    expected=${cases[i]#*|}
    [ "$answer" = "$expected" ] ||
      fail "completion ($mode): '$line<TAB>' offered [$answer], expected [$expected]"
    i=$((i + 1))
  done <"$work/answers"
  [ "$i" = "${#cases[@]}" ] || fail "completion ($mode): $i answers for ${#cases[@]} cases"
done
finish
