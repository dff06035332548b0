#!/usr/bin/env bash
# The folders of pipeline/src form layers: no folder includes, directly or through others, a
# folder that includes it back. Prints each folder's includes of other folders ("A -> B"), then
# fails on any cycle among them, naming the files behind each of its edges.
# Usage: folder_cycles.sh PIPELINE_SRC_DIR
set -euo pipefail

src=${1:?usage: folder_cycles.sh PIPELINE_SRC_DIR}
cd "$src"

# "FROM TO FILE" for each #include "TO/..." in a file of folder FROM, TO another folder here.
edges=$(
  for dir in */; do
    from=${dir%/}
    { grep -Ho '^#include "[a-z_]*/' "$from"/* || true; } |
      sed 's/:#include "/ /; s/\/$//' |
      while read -r file to; do
        if [[ $to != "$from" && -d $to ]]; then echo "$from $to $file"; fi
      done
  done | sort -u
)

awk 'NF { print $1 " -> " $2 }' <<<"$edges" | sort -u

# Each pair of folders that include each other, else the first longer cycle a depth-first
# search finds: each edge with the files that make it.
awk '
  NF { if (!(($1, $2) in files)) { next_of[$1] = next_of[$1] " " $2 }
    files[$1, $2] = files[$1, $2] "\n    " $3; node[$1]; node[$2] }
  function visit(n,    i, m, k, list) {
    state[n] = 1; path[++depth] = n
    k = split(next_of[n], list, " ")
    for (i = 1; i <= k; ++i) {
      m = list[i]
      if (state[m] == 1) { report(m); return 1 }
      if (state[m] == 0 && visit(m)) return 1
    }
    state[n] = 2; --depth
    return 0
  }
  function report(m,    i, start, to) {
    for (i = 1; i <= depth; ++i) if (path[i] == m) start = i
    printf "folder cycle in pipeline/src:"
    for (i = start; i <= depth; ++i) printf " %s ->", path[i]
    printf " %s\n", m
    for (i = start; i <= depth; ++i) {
      to = i < depth ? path[i + 1] : m
      printf "  %s -> %s:%s\n", path[i], to, files[path[i], to]
    }
  }
  END {
    # Pairs that include each other first, all of them; then any longer cycle.
    for (pair in files) {
      split(pair, ends, SUBSEP)
      if (ends[1] < ends[2] && ((ends[2], ends[1]) in files)) {
        printf "folders include each other: %s <-> %s\n", ends[1], ends[2]
        printf "  %s -> %s:%s\n", ends[1], ends[2], files[ends[1], ends[2]]
        printf "  %s -> %s:%s\n", ends[2], ends[1], files[ends[2], ends[1]]
        pairs = 1
      }
    }
    if (pairs) exit 1
    for (n in node) if (state[n] == 0 && visit(n)) exit 1
    print "no folder cycle"
  }
' <<<"$edges"
