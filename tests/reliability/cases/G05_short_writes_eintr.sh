#!/usr/bin/env bash
# G05: the write loop survives short writes and EINTR: with libfiu's fiu-run making every
# write(2) short (posix/io/rw/write/reduce), and with strace injecting EINTR into the 1st, 2nd
# and 3rd write and into the input's 2nd read (--no-mmap file, and a pipe), the output, rejects
# and statistics equal a normal run's, exit 0. (fiu-run: release build only; its preloaded
# library does not run with the ASan/TSan runtimes.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace fiu-run
"$FENBATCH_GEN" -n 50000 --seed 18 -o in.fen || die "fenbatch-gen failed"
yes 'bad line' | head -n 3000 >>in.fen
"$FENBATCH" -q --dedupe --rejects ref.rej in.fen ref.out || die "reference run failed"
check() {  # check WHAT STATUS
  [ "$2" = 0 ] || fail "$1: exit $2"
  case $1 in *EINTR*) grep -q 'EINTR.*(INJECTED)' strace.log || fail "$1: nothing was injected" ;; esac
  same_file ref.out out.fen "$1"
  same_file ref.rej rej.txt "$1"
  rm -f out.fen rej.txt
}
if [ "$SANITIZED" = 1 ]; then
  echo "note: fiu-run's preloaded library does not run with the ASan/TSan runtimes: short writes on the release build"
else
  fiu-run -x -c 'enable name=posix/io/rw/write/reduce' "$FENBATCH" -q --dedupe --rejects rej.txt in.fen out.fen
  check "short writes (fiu-run reduce)" $?
  strace -f -qq -o reduce.log -e trace=write fiu-run -x -c 'enable name=posix/io/rw/write/reduce' \
    "$FENBATCH" -q --dedupe --rejects rej.txt in.fen out.fen
  status=$?
  [ "$(grep -c 'write(' reduce.log)" -gt 20 ] || fail "fiu-run did not make the writes short: $(grep -c 'write(' reduce.log) writes"
  check "short writes, traced" "$status"
fi
for n in 1 2 3; do
  strace_run "inject=write:error=EINTR:when=$n" -- "$FENBATCH" -q -j1 --dedupe --rejects rej.txt in.fen out.fen
  check "EINTR at write $n" $?
done
# Reads: the second read of the input itself (the loader's reads come first).
n=$(nth_call read 'in\.fen$' "$FENBATCH" -q -j1 --no-mmap --dedupe --rejects rej.txt in.fen out.fen)
[ "$n" -gt 0 ] || die "no read of in.fen found with --no-mmap"
rm -f out.fen rej.txt
strace_run "inject=read:error=EINTR:when=$((n + 1))" -- "$FENBATCH" -q -j1 --no-mmap --dedupe --rejects rej.txt in.fen out.fen
check "EINTR at the input's 2nd read (--no-mmap)" $?
n=$(cat in.fen | nth_call read stdin "$FENBATCH" -q -j1 --dedupe --rejects rej.txt - out.fen)
[ "$n" -gt 0 ] || die "no read of stdin found"
rm -f out.fen rej.txt
cat in.fen | { strace_run "inject=read:error=EINTR:when=$((n + 1))" -- "$FENBATCH" -q -j1 --dedupe --rejects rej.txt - out.fen; }
status=$?
sed -i 's/^<stdin>:/in.fen:/' rej.txt
check "EINTR at the 2nd read of a pipe" "$status"
finish
