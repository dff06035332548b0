#!/usr/bin/env bash
# fenbatch-gen writes through the project's atomic writer: a run that fails part-way (here the
# file size limit, which makes a write fail with EFBIG) exits 2 naming the file, and leaves
# neither a half-written file nor a temporary one; an existing file keeps its content.
set -uo pipefail
mkdir work && cd work || exit 1  # ls -A below lists only what the generator left
echo "previous content" >kept.fen
(
  ulimit -f 64  # 64 KiB: far less than 100000 lines
  "$FENBATCH_GEN" -n 100000 -o new.fen 2>&1
  echo "new.fen: exit=$?"
  "$FENBATCH_GEN" -n 100000 -o kept.fen 2>&1
  echo "kept.fen: exit=$?"
)
ls -A
cat kept.fen
# Without the limit the same run publishes the whole file.
"$FENBATCH_GEN" -n 100000 -o new.fen && wc -l <new.fen
# Interrupted (SIGINT while it writes a large file): "fenbatch-gen: interrupted", the status
# of the signal, and no file or temporary left.
mkdir ../interrupted && cd ../interrupted || exit 1
"$FENBATCH_GEN" -n 100000000 -o big.fen 2>err.txt &
generator=$!
for _ in $(seq 100); do  # until its temporary is open (unnamed until complete: "#INODE (deleted)")
  for fd in /proc/"$generator"/fd/*; do readlink "$fd"; done 2>/dev/null | grep -q "^$(pwd -P)/#[0-9]* (deleted)\$" && break
  sleep 0.05
done
kill -INT "$generator"
wait "$generator"
echo "interrupted: exit=$?"
cat err.txt
ls -A
# A temporary left by a generator that was killed outright is removed by the next run for the
# same file, with a notice that names the program.
sleep 0 & dead=$!; wait "$dead"
while kill -0 "$dead" 2>/dev/null; do sleep 0 & dead=$!; wait "$dead"; done
echo "partial junk" >".stale.fen.fenbatch-$dead-0badc0de.tmp"
"$FENBATCH_GEN" -n 10 -o stale.fen 2>err.txt
echo "stale: exit=$?"
sed "s/$dead/PID/g" err.txt
ls -A
