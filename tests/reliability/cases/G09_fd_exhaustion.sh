#!/usr/bin/env bash
# G09: file-descriptor limits (ulimit -n 3..12) on a run with two inputs, an output, --rejects
# and --stats-json: each limit gives exit 0 with the correct files, or exit 2 with a one-line
# "fenbatch: <op>: <path>: Too many open files" (the loader failing first, exit 127, at the
# lowest limits is not fenbatch's), nothing published, no temporary left. Release build only
# (the ASan/UBSan runtimes fail on their own without descriptors).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
if [ "$SANITIZED" = 1 ]; then echo "note: the sanitizer runtimes need descriptors of their own: release build only"; finish; fi
printf '%s\n' "$K" "bad line" >a.fen
printf '%s\n' "$S" >b.fen
"$FENBATCH" -q --rejects ref.rej -o ref.out a.fen b.fen || die "reference run failed"
ok=0 emfile=0
for n in 3 4 5 6 7 8 9 10 12; do
  rm -f out.fen rej.txt s.json
  (ulimit -n $n; exec "$FENBATCH" -q --rejects rej.txt --stats-json s.json -o out.fen a.fen b.fen) 2>err.txt
  status=$?
  case $status in
    0) ok=1; same_file ref.out out.fen "ulimit -n $n"; same_file ref.rej rej.txt "ulimit -n $n" ;;
    127) grep -q 'error while loading shared libraries' err.txt || fail "ulimit -n $n: exit 127: $(cat err.txt)" ;;
    *) emfile=1
       aoc_check "ulimit -n $n" "$status" out.fen absent err.txt
       [ ! -e rej.txt ] && [ ! -e s.json ] || fail "ulimit -n $n: a side file was published"
       grep -Eq '^fenbatch: [a-z]+: .+: Too many open files$' err.txt || fail "ulimit -n $n: stderr $(cat err.txt)" ;;
  esac
done
[ "$ok" = 1 ] && [ "$emfile" = 1 ] || fail "the sweep did not cover both outcomes (success: $ok, EMFILE: $emfile)"
finish
