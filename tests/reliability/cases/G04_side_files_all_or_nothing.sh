#!/usr/bin/env bash
# G04/G21 (decided: "a side file that cannot be written fails the run: exit 2, nothing
# published"): a run with an output, --rejects and --stats-json, over old versions of all three,
# whose 2nd or 3rd rename fails (EXDEV injected), or whose directory fsync after the 1st rename
# fails: exit 2 and all three files keep their old content. (fenbatch renames the rejects file,
# then the stats, then the output, each on its own, so a failure after the first rename leaves
# the files already renamed published.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
printf '%s\n' "$K" "$S" "bad line" >in.fen
for spec in rename:error=EXDEV:when=2 rename:error=EXDEV:when=3 fsync:error=EIO:when=4; do
  printf 'old output\n' >out.fen; printf 'old.fen:1:1: bad_piece_char: old rejects\n' >rej.txt; printf '{"schema_version": 1, "old": 1}\n' >s.json
  saved_out=$(fingerprint_content out.fen) saved_rej=$(fingerprint_content rej.txt) saved_stats=$(fingerprint_content s.json)
  strace_run "inject=$spec" -- "$FENBATCH" -q -j1 --rejects rej.txt --stats-json s.json in.fen out.fen 2>err.txt
  status=$?
  aoc_check "$spec" "$status" out.fen "$saved_out" err.txt
  aoc_check "$spec (rejects)" "$status" rej.txt "$saved_rej"
  aoc_check "$spec (stats)" "$status" s.json "$saved_stats"
done
finish
