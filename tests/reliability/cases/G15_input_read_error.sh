#!/usr/bin/env bash
# G15: a disk error while reading the input. On the read() path EIO arrives as an errno:
# injected (strace, counting the reads of that file only) into the input's 1st and 3rd read
# with --no-mmap, into the 2nd read of a pipe (a FIFO on standard input), into a gzip file's
# 2nd read, and into the pread that sniffs a regular file's format:
# exit 2 with "fenbatch: read: PATH: Input/output error", no output, rejects or stats published,
# old output intact, no temporary. (A failing page of a mapped input arrives as SIGBUS, handled
# as in G13_truncated_while_mapped; dm-error/dm-flakey devices are not available to the tests.
# The format-sniffing pread: G15_sniff_read_error.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 40000 --seed 27 -o in.fen || die "fenbatch-gen failed"
gzip -c in.fen >in.fen.gz
reset() { printf 'old output\n' >out.fen; rm -f rej.txt s.json; saved=$(fingerprint_content out.fen); }
check() {  # check WHAT STATUS PATH
  aoc_check "$1" "$2" out.fen "$saved" err.txt
  [ ! -e rej.txt ] && [ ! -e s.json ] || fail "$1: a side file was published"
  grep -qx "fenbatch: read: $3: Input/output error" err.txt || fail "$1: stderr $(head -c 300 err.txt)"
  grep -q 'EIO.*(INJECTED)' strace.log || fail "$1: nothing was injected"
}
# The injection counts only the reads of the one file (strace -P): counting every read of the
# thread (nth_call) was off by one now and then under AddressSanitizer, whose own reads of
# /proc/self/maps vary from run to run.
read_error_at() {  # read_error_at N PATH -- COMMAND...: EIO at the Nth read of PATH
  local n=$1 path=$2
  shift 3
  strace -f -qq -o strace.log -P "$path" -e trace=read -e "inject=read:error=EIO:when=$n" "$@"
}
for k in 1 3; do
  reset
  read_error_at "$k" "$PWD/in.fen" -- "$FENBATCH" -q -j1 --no-mmap --rejects rej.txt --stats-json s.json in.fen out.fen 2>err.txt
  check "EIO at the input's read $k (--no-mmap)" $? in.fen
done
# A FIFO on standard input stands for the pipe, so that its reads can be told by their path.
reset
mkfifo pipe
cat in.fen >pipe &
read_error_at 2 "$PWD/pipe" -- "$FENBATCH" -q -j1 --rejects rej.txt --stats-json s.json - out.fen <pipe 2>err.txt
check "EIO at the 2nd read of a pipe" $? -
wait
reset
read_error_at 2 "$PWD/in.fen.gz" -- "$FENBATCH" -q -j1 --rejects rej.txt --stats-json s.json in.fen.gz out.fen 2>err.txt
check "EIO in a gzip input" $? in.fen.gz
finish
