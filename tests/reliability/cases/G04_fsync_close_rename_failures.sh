#!/usr/bin/env bash
# G04: every fsync, close and rename of a run writing an output, --rejects and --stats-json over
# old versions of all three (-j1: one thread makes every call, so strace's per-thread
# when=N visits each), failed one at a time by strace injection (fsync EIO, close EIO, rename
# EXDEV), N = 1, 2, ... up to the run's number of such calls:
# - a failure on a temporary output (fsync or close of it, the first rename): exit 2, a
#   "fenbatch: <op>: <path>: <reason>" line, no temporary left, all three files old (AOC);
# - a failure of a directory fsync, after a rename: still exit 2 (never success with an
#   unsynced directory entry), no temporary, every file either old or complete and correct;
# - a failed close of an input or a directory: exit 0 with correct files, or exit 2 as above
#   (closes before fenbatch opens its input, in the loader and runtime start-up, are skipped).
# (All-or-nothing publication of the three files when a later rename fails:
# G04_side_files_all_or_nothing.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n 5000 --seed 17 -o in.fen || die "fenbatch-gen failed"
yes 'bad line' | head -n 500 >>in.fen
"$FENBATCH" -q -j1 --rejects ref.rej --stats-json ref.json in.fen ref.out || die "reference run failed"
iic_save in.fen
reset_files() {
  printf 'old output\n' >out.fen; printf 'old.fen:1:1: bad_piece_char: old rejects\n' >rej.txt; printf '{"schema_version": 1, "old": 1}\n' >s.json
  saved_out=$(fingerprint_content out.fen) saved_rej=$(fingerprint_content rej.txt) saved_stats=$(fingerprint_content s.json)
}
# old_or_new WHAT FILE SAVED REFERENCE: FILE is its old content or the complete new one.
old_or_new() {
  [ "$(fingerprint_content "$2")" = "$3" ] && return
  if [ -n "$4" ]; then cmp -s "$2" "$4" && return; else python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$2" 2>/dev/null && return; fi
  fail "$1: $2 is neither its old content nor the complete result"
}
# analyse: "KIND RENAMES" for the injected call in strace.log: KIND is temp (a call on a
# temporary output's fd, named or O_TMPFILE), rename, or other (an input, a directory, the loader's files);
# RENAMES the number of renames that had succeeded before it.
analyse() {
  python3 -c 'import re, sys
paths, renames = {}, 0
for line in open(sys.argv[1], errors="replace"):
    m = re.search(r"openat\(AT_FDCWD, \"([^\"]*)\".*= (\d+)$", line)
    # An unnamed temporary output (O_TMPFILE, issue 16) is opened by its directory.
    if m: paths[m.group(2)] = ".fenbatch-unnamed" if "O_TMPFILE" in line else m.group(1)
    if "INJECTED" in line:
        if re.search(r"rename\(", line): print("rename", renames)
        else:
            fd = re.search(r"\((\d+)", line)
            path = paths.get(fd.group(1), "") if fd else ""
            print("temp" if ".fenbatch-" in path else "other", renames)
        break
    if re.search(r"rename\(.*= 0$", line): renames += 1
else:
    print("none", renames)' strace.log
}
run_injected() {  # run_injected SPEC: one run with the fault SPEC; sets status
  reset_files
  strace_run trace=openat,close,fsync,rename "inject=$1" -- \
    "$FENBATCH" -q -j1 --rejects rej.txt --stats-json s.json in.fen out.fen 2>err.txt
  status=$?
}
reset_files
strace_run trace=openat,fsync,close,rename -- "$FENBATCH" -q -j1 --rejects rej.txt --stats-json s.json in.fen out.fen ||
  die "traced run failed"
for call in fsync close rename; do
  count=$(grep -c "^[0-9]* *$call(" strace.log)
  # closes before fenbatch opens its input belong to the loader and the runtime's start-up
  first=1
  [ $call = close ] && first=$(($(sed -n '1,/openat(AT_FDCWD, "in\.fen"/p' strace.log | grep -c '^[0-9]* *close(') + 1))
  error=$([ $call = rename ] && echo EXDEV || echo EIO)
  for n in $(seq "$first" "$count"); do
    what="$call $error at call $n"
    run_injected "$call:error=$error:when=$n"
    read -r kind renames_done < <(analyse)
    if [ "$kind" = none ]; then   # fewer calls this time (the count may vary by one or two)
      [ "$n" -gt $((count - 3)) ] || fail "$what: nothing was injected"
      break
    fi
    # A failing close in the dynamic loader, before fenbatch runs, is the loader's (exit 127).
    [ "$status" = 127 ] && grep -q 'error while loading shared libraries' err.txt && continue
    no_temps "$what"
    iic_check in.fen "$what"
    if [ "$renames_done" = 0 ] && { [ "$kind" = temp ] || [ "$kind" = rename ]; }; then
      aoc_check "$what" "$status" out.fen "$saved_out" err.txt
      aoc_check "$what (rejects)" "$status" rej.txt "$saved_rej"
      aoc_check "$what (stats)" "$status" s.json "$saved_stats"
    elif [ "$call" = close ] && [ "$kind" = other ] && [ "$status" = 0 ]; then
      same_file ref.out out.fen "$what"; same_file ref.rej rej.txt "$what"
    else
      [ "$status" = 2 ] || fail "$what (on $kind, after $renames_done renames): exit $status, expected 2"
      grep -Eq '^fenbatch: [a-z]+: .+: .+$' err.txt || fail "$what: no diagnostic: $(cat err.txt)"
      old_or_new "$what" out.fen "$saved_out" ref.out
      old_or_new "$what" rej.txt "$saved_rej" ref.rej
      old_or_new "$what" s.json "$saved_stats" ""
    fi
  done
  echo "$call: calls $first..$count failed one at a time" >&2
done
finish
