#!/usr/bin/env bash
# G11: SIGKILL at (seeded) random moments, 30 times (8 under the sanitizers), during runs writing a ~12 MB output plus
# --rejects and --stats-json: afterwards out.fen (and each side file) is either absent or the
# complete, correct result, never partial; the temporaries are unnamed (O_TMPFILE) until they
# are complete, so one left by the killed run (a kill in the publish window, between naming and
# renaming) is recognisable (.NAME.fenbatch-PID-RAND.tmp), complete (or empty: a kill inside the
# link check at the start), and the next run removes it. strace of a normal run shows the
# order: every temporary is fsynced before it is named (linkat) and renamed, and the directory
# is fsynced after the rename.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need strace
"$FENBATCH_GEN" -n $((200000 / SCALE_DOWN)) --seed 23 -o in.fen || die "fenbatch-gen failed"
yes 'bad line' | head -n 1000 >>in.fen
"$FENBATCH" -q --dedupe --rejects ref.rej in.fen ref.out || die "reference run failed"
start=$(date +%s%N)
"$FENBATCH" -q --dedupe --rejects rej.txt --stats-json s.json in.fen out.fen || die "timing run failed"
run_ms=$((($(date +%s%N) - start) / 1000000))
rm -f out.fen rej.txt s.json
RANDOM=4242
complete=0 absent=0
for i in $(seq $((30 / SCALE_DOWN + 5))); do
  "$FENBATCH" -q --dedupe --rejects rej.txt --stats-json s.json in.fen out.fen &
  pid=$!
  delay_ms=$((RANDOM % (run_ms + 20)))
  sleep "$(printf '0.%03d' "$delay_ms")"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if [ -e out.fen ]; then
    cmp -s ref.out out.fen || fail "kill $i after ${delay_ms} ms: out.fen is not the complete result"
    complete=$((complete + 1))
  else
    absent=$((absent + 1))
  fi
  [ ! -e rej.txt ] || cmp -s ref.rej rej.txt || fail "kill $i: rej.txt is partial"
  [ ! -e s.json ] || python3 -c 'import json,sys; json.load(open(sys.argv[1]))' s.json 2>/dev/null || fail "kill $i: s.json is partial"
  for t in $(temps_left); do   # this run's, or an earlier killed run's not yet cleaned
    if [[ $(basename "$t") =~ ^\.(out\.fen|rej\.txt|s\.json)\.fenbatch-([0-9]+)-[0-9a-f]{8}\.tmp$ ]]; then
      kill -0 "${BASH_REMATCH[2]}" 2>/dev/null && fail "kill $i: temporary $t of a live process"
      case ${BASH_REMATCH[1]} in
        out.fen) [ ! -s "$t" ] || cmp -s ref.out "$t" || fail "kill $i: temporary $t is partial" ;;
        rej.txt) [ ! -s "$t" ] || cmp -s ref.rej "$t" || fail "kill $i: temporary $t is partial" ;;
        s.json) [ ! -s "$t" ] || python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$t" 2>/dev/null ||
          fail "kill $i: temporary $t is partial" ;;
      esac
    else
      fail "kill $i: unrecognisable temporary $t"
    fi
  done
  rm -f out.fen rej.txt s.json
done
echo "$absent absent, $complete complete (run ${run_ms} ms)" >&2
"$FENBATCH" -q --dedupe --rejects rej.txt --stats-json s.json in.fen out.fen 2>/dev/null || fail "run after the kills: exit $?"
no_temps "run after the kills"
# fsync before rename, directory fsync after.
strace_run trace=openat,fsync,linkat,rename,close -- "$FENBATCH" -q -j1 --rejects rej.txt --stats-json s.json in.fen out.fen || fail "traced run: exit $?"
python3 - strace.log <<'PY' || fail "fsync/rename order"
import re, sys
fd_path, synced, synced_fds, bad, last_rename, dir_synced_after = {}, set(), set(), [], None, 0
for line in open(sys.argv[1]):
    m = re.search(r'openat\(AT_FDCWD, "([^"]*)".* = (\d+)$', line)
    # A temporary is opened unnamed (O_TMPFILE, by its directory) and named by linkat once synced.
    if m: fd_path[m.group(2)] = "<unnamed>" if "O_TMPFILE" in line else m.group(1)
    m = re.search(r'close\((\d+)\) += 0', line)
    if m: synced_fds.discard(m.group(1))
    m = re.search(r'linkat\(AT_FDCWD, "/proc/self/fd/(\d+)", AT_FDCWD, "([^"]*)".* = 0$', line)
    if m and m.group(1) in synced_fds: synced.add(m.group(2))
    m = re.search(r'fsync\((\d+)\) += 0', line)
    if m:
        synced_fds.add(m.group(1))
        p = fd_path.get(m.group(1), "")
        synced.add(p)
        if last_rename and p in (".", "/") or (p and last_rename and p == last_rename): dir_synced_after += 1
    m = re.search(r'rename\("([^"]*)", "([^"]*)"\) += 0', line)
    if m:
        if m.group(1) not in synced: bad.append(f"{m.group(1)} renamed before being fsynced")
        last_rename = m.group(1)
renames = sum(1 for l in open(sys.argv[1]) if re.search(r'rename\(.*= 0$', l))
if renames != 3: bad.append(f"{renames} renames, expected 3")
if dir_synced_after < renames: bad.append(f"{dir_synced_after} directory fsyncs after renames, expected {renames}")
for b in bad: print(b)
sys.exit(1 if bad else 0)
PY
finish
