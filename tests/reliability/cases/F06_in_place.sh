#!/usr/bin/env bash
# F06 (decided: output = input is supported, only through temp file + fsync + rename; the input
# is never opened for writing): "fenbatch --dedupe f f" (also spelled ./f and d/../f) gives what a
# run into another file gives; strace shows no open of f for writing or truncation; and with
# ENOSPC injected at the output's first write, f is byte-identical afterwards (IIC: size, mtime,
# inode, sha256), exit 2, no temporary left (GNU sort -o f f left f empty here).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 3000 --seed 6 -o data.fen || die "fenbatch-gen failed"
"$FENBATCH" -q --dedupe data.fen expected.fen || die "reference run failed"
mkdir d
cp data.fen original.fen
for spelling in data.fen ./data.fen d/../data.fen; do
  cp original.fen data.fen
  strace_run trace=open,openat,creat,truncate,ftruncate -- "$FENBATCH" -q --dedupe data.fen "$spelling"
  status=$?
  [ "$status" = 0 ] || fail "$spelling: exit $status"
  same_file expected.fen data.fen "in place as $spelling"
  grep -E '(open|openat|creat)\(.*data\.fen", [^)]*(O_WRONLY|O_RDWR|O_TRUNC)' strace.log | grep -v '\.fenbatch-' &&
    fail "$spelling: the input was opened for writing"
  grep -Eq 'truncate\(' strace.log && fail "$spelling: truncate called"
  no_temps "$spelling"
done
# A failure while writing in place: the input stays as it was (release build: under ASan/TSan
# the injected fault can hit the sanitizer runtime's own writes instead).
[ "$SANITIZED" = 1 ] && { echo "note: ENOSPC injection runs on the release build only"; finish; }
cp original.fen data.fen
iic_save data.fen
strace_run 'inject=write:error=ENOSPC:when=1' -- "$FENBATCH" -q --dedupe data.fen data.fen 2>err.txt
status=$?
aoc_check "in place with ENOSPC" "$status" data.fen "$(fingerprint_content original.fen)" err.txt
iic_check data.fen "in place with ENOSPC"
finish
