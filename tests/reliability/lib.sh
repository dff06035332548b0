# Helpers for the reliability cases (tests/reliability/cases/*.sh). Each case runs under
# tests/cli/run_case.sh, in a fresh temporary directory, with FENBATCH, FENBATCH_GEN, DATA and
# SHARED set, and starts with:
#   . "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
# Conventions of ../shared/RELIABILITY.md: K and S below; IIC (input-immutability check:
# size, mtime and sha256 before and after); AOC (atomic-output contract: exit 2, no temporary
# left, old output byte-identical); SR (stats reconciliation).
# A case reports failures with `fail` (goes on) or `die` (stops) and ends with `finish`.
set -uo pipefail
export LC_ALL=C
K='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
S='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
RELIABILITY_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
failed=0
# Debian's python3 directly (a pyenv shim first in PATH costs 0.15 s a call).
if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=$(command -v python3); fi
python3() { "$PY" "$@"; }
# SANITIZED=1 for ASan/TSan builds of fenbatch (scripts/test.sh asan|tsan run these cases too):
# they need unlimited address space (no ulimit -v), their RSS is not the release build's, and
# they run several times slower, so cases shrink their largest inputs by SCALE_DOWN.
SANITIZED=0
if grep -aqE '__(asan|tsan)_init' "${FENBATCH:-/dev/null}" 2>/dev/null; then SANITIZED=1; fi
SCALE_DOWN=$([ "$SANITIZED" = 1 ] && echo 10 || echo 1)
# LeakSanitizer cannot run under ptrace: every strace'd run turns leak checking off (the
# sanitizer runs of the unit and CLI tests check leaks). `strace` below is this wrapper; a
# `timeout ... strace` must pass "$STRACE_ENV" through env itself.
STRACE_ENV="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
strace() { env "$STRACE_ENV" strace "$@"; }

fail() { echo "FAIL: $*"; failed=1; }
die() { echo "FAIL: $*"; exit 1; }
finish() { exit "$failed"; }

# need TOOL...: the tools a case relies on. A missing one fails the case (CI installs them
# through scripts/install-deps.sh); a reliability check is never skipped silently.
need() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null 2>&1 || die "'$t' is not installed (scripts/install-deps.sh must install it)"
  done
}

# fingerprint FILE: size, mtime (ns), inode and sha256, for the IIC.
fingerprint() { echo "$(stat -c '%s %.9Y %i' "$1") $(sha256sum <"$1" | cut -d' ' -f1)"; }
# fingerprint_content FILE: size and sha256 only (for files replaced by rename).
fingerprint_content() { echo "$(stat -c '%s' "$1") $(sha256sum <"$1" | cut -d' ' -f1)"; }

# iic_save FILE / iic_check FILE WHAT: the input must be unchanged (size, mtime, inode, hash).
declare -A IIC_SAVED=()
iic_save() { IIC_SAVED[$1]=$(fingerprint "$1"); }
iic_check() {
  local now
  now=$(fingerprint "$1")
  [ "$now" = "${IIC_SAVED[$1]}" ] || fail "$2: input $1 changed (IIC): ${IIC_SAVED[$1]} -> $now"
}

# temps_left [DIR]: prints fenbatch temporaries (.NAME.fenbatch-PID-RAND.tmp) under DIR.
temps_left() { find "${1:-.}" -name '.*.fenbatch-*.tmp' -o -name '.*.fenbatch-*.tmp.previous' 2>/dev/null; }
no_temps() {  # no_temps WHAT [DIR]
  local left
  left=$(temps_left "${2:-.}")
  [ -z "$left" ] || fail "$1: temporary files left: $left"
}

# same_file A B WHAT: byte-identical.
same_file() { cmp -s "$1" "$2" || fail "$3: $2 differs from $1"; }

# json FILE EXPR: prints the Python expression EXPR evaluated with s = the JSON document.
json() { python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }

# sr_check JSON WHAT [INPUT...]: stats reconciliation. lines = written + duplicates + invalid +
# skipped.blank + skipped.comment (+ skipped.record_lines: a .plain record's lines but its
# first); invalid = sum of invalid_by_reason; reconciliation.balanced;
# and, for regular plain inputs given, bytes = input_bytes = the sum of their sizes.
sr_check() {
  local file=$1 what=$2
  shift 2
  local sizes=0 f
  for f in "$@"; do sizes=$((sizes + $(stat -c %s "$f"))); done
  python3 - "$file" "$sizes" "$#" <<'PY' || fail "$what: stats do not reconcile (SR)"
import json, sys
s = json.load(open(sys.argv[1]))
size, have_inputs = int(sys.argv[2]), int(sys.argv[3]) > 0
bad = []
total = s["written"] + s["duplicates"] + s["invalid"] + s["skipped"]["blank"] + s["skipped"]["comment"] \
    + s["skipped"].get("record_lines", 0)
if s["lines"] != total:
    bad.append(f"lines {s['lines']} != written+duplicates+invalid+skipped {total}")
if sum(s["invalid_by_reason"].values()) != s["invalid"]:
    bad.append("invalid != sum(invalid_by_reason)")
if s["valid"] != s["written"] + s["duplicates"]:
    bad.append(f"valid {s['valid']} != written {s['written']} + duplicates {s['duplicates']}")
if s["reconciliation"]["balanced"] is not True:
    bad.append("reconciliation.balanced is not true")
if have_inputs and (s["bytes"] != size or s["input_bytes"] != size):
    bad.append(f"bytes {s['bytes']} / input_bytes {s['input_bytes']} != st_size {size}")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
}

# Verdict tables. `row EXPECT TEXT` appends the line TEXT to in.fen and EXPECT to expect.txt;
# `row_fmt EXPECT FORMAT ARGS...` does the same with printf FORMAT (for NUL and odd bytes; the
# newline is added). EXPECT is a reason name (the line is rejected with it), `blank`,
# `comment`, `valid` or `valid=CANONICAL` (accepted, and written as CANONICAL).
# `check_rows WHAT [FENBATCH OPTIONS...]` runs fenbatch (no dedupe) on in.fen mapped and with
# --no-mmap (mapped only on a sanitizer build), and checks the exit status (0; 1 when no row is
# valid), every line's verdict, the canonical lines, and SR. `clear_rows` starts a new table.
clear_rows() { : >in.fen; : >expect.txt; }
row() { printf '%s\n' "$2" >>in.fen; printf '%s\n' "$1" >>expect.txt; }
row_fmt() {
  local expect=$1 format=$2
  shift 2
  # shellcheck disable=SC2059  # the format is the point
  printf "$format\n" "$@" >>in.fen
  printf '%s\n' "$expect" >>expect.txt
}
check_rows() {
  local what=$1 mode
  shift
  local modes=("" --no-mmap)
  [ "$SANITIZED" = 1 ] && modes=("")   # mapped only: each sanitizer run costs about a second
  # A table without a valid row, blank and comment rows aside, is a run without a valid line:
  # exit 1 (issue 14: the wrong file must not pass).
  local expected=0
  if ! grep -q '^valid' expect.txt && grep -qvxE 'blank|comment' expect.txt; then expected=1; fi
  for mode in "${modes[@]}"; do
    rm -f rows.out rows.rej rows.json
    "$FENBATCH" -q $mode "$@" --rejects rows.rej --stats-json rows.json in.fen rows.out
    local status=$?
    [ "$status" = "$expected" ] ||
      { fail "$what${mode:+ $mode}: exit $status, expected $expected"; continue; }
    python3 - expect.txt rows.rej rows.out rows.json "$what${mode:+ $mode}" <<'PY' || failed=1
import json, re, sys
expect = open(sys.argv[1], encoding="latin-1").read().split("\n")[:-1]
rejects = {}
for raw in open(sys.argv[2], "rb").read().split(b"\n")[:-1]:
    m = re.match(rb"in\.fen:(\d+):(\d+): ([a-z_]+): ", raw)
    if not m:
        print(f"FAIL {sys.argv[5]}: unparsable rejects line {raw[:80]!r}"); sys.exit(1)
    rejects[int(m.group(1))] = (m.group(3).decode(), int(m.group(2)))
out = open(sys.argv[3], encoding="latin-1").read().split("\n")[:-1]
s = json.load(open(sys.argv[4]))
bad, o, blank, comment = [], 0, 0, 0
for n, e in enumerate(expect, 1):
    got = rejects.get(n)
    if e in ("blank", "comment") or e.startswith("valid"):
        if got:
            bad.append(f"line {n}: rejected as {got[0]} (column {got[1]}), expected {e}")
            continue
        if e == "blank": blank += 1; continue
        if e == "comment": comment += 1; continue
        if o >= len(out):
            bad.append(f"line {n}: accepted expected, but the output has too few lines"); continue
        if e.startswith("valid=") and out[o] != e[6:]:
            bad.append(f"line {n}: written as {out[o]!r}, expected {e[6:]!r}")
        o += 1
    elif not got:
        bad.append(f"line {n}: accepted, expected {e}")
    elif got[0] != e:
        bad.append(f"line {n}: rejected as {got[0]} (column {got[1]}), expected {e}")
if o != len(out):
    bad.append(f"output has {len(out)} lines, {o} expected")
if (s["lines"], s["skipped"]["blank"], s["skipped"]["comment"], s["invalid"]) != \
        (len(expect), blank, comment, len(rejects)):
    bad.append(f"stats lines/blank/comment/invalid {s['lines']}/{s['skipped']['blank']}/"
               f"{s['skipped']['comment']}/{s['invalid']}, expected {len(expect)}/{blank}/{comment}/{len(rejects)}")
for b in bad:
    print(f"FAIL {sys.argv[5]}: {b}")
sys.exit(1 if bad else 0)
PY
    sr_check rows.json "$what${mode:+ $mode}" in.fen
  done
}

# strace_run TRACE_SPEC... -- COMMAND...: runs COMMAND under strace -f with the given -e specs,
# strace's own output to strace.log. Status: the command's.
strace_run() {
  local specs=()
  while [ "$1" != "--" ]; do specs+=(-e "$1"); shift; done
  shift
  strace -f -qq -o strace.log "${specs[@]}" "$@"
}

# aoc_check WHAT STATUS OUT SAVED_FINGERPRINT [ERR_FILE]: the atomic-output contract after a
# failed run: exit 2, OUT byte-identical to before (SAVED_FINGERPRINT from fingerprint_content,
# or "absent"), no temporary left, and (with ERR_FILE) a last stderr line
# "fenbatch: <op>: <path>: <reason>".
aoc_check() {
  local what=$1 status=$2 out=$3 saved=$4 err=${5:-}
  [ "$status" = 2 ] || fail "$what: exit $status, expected 2"
  if [ "$saved" = absent ]; then
    [ ! -e "$out" ] || fail "$what: $out was published"
  else
    [ -f "$out" ] && [ "$(fingerprint_content "$out")" = "$saved" ] || fail "$what: $out changed"
  fi
  no_temps "$what" "$(dirname "$out")"
  if [ -n "$err" ]; then
    grep -Eq '^fenbatch: [a-z ]+: .+: .+$' "$err" ||
      fail "$what: no 'fenbatch: <op>: <path>: <reason>' line on stderr: $(head -c 300 "$err")"
  fi
}

# peak_rss FILE COMMAND...: runs COMMAND (stdin, stdout, stderr inherited) and writes its peak
# resident set size in KiB (ru_maxrss of the child) to FILE. Status: the command's (128+N for
# a signal).
peak_rss() {
  local file=$1
  shift
  # The script goes in -c: standard input stays the caller's, for the command.
  python3 -c 'import resource, subprocess, sys
p = subprocess.run(sys.argv[2:])
open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) + "\n")
sys.exit(p.returncode if p.returncode >= 0 else 128 - p.returncode)' "$file" "$@"
}

# a11_rss_check WHAT MODE SIZE: A11's memory bounds on the peak RSS that peak_rss wrote to
# rss.txt: under 48 MiB when read (--no-mmap) or piped; MODE mapped, under SIZE bytes + 48 MiB
# (the mapped file's pages count as resident; a copy of the input would not fit). Checked on the
# release build only (a sanitizer's RSS is its own).
a11_rss_check() {
  [ "$SANITIZED" = 1 ] && return 0
  local rss limit=$((48 * 1024))
  rss=$(cat rss.txt)
  [ "$2" = mapped ] && limit=$(($3 / 1024 + 48 * 1024))
  [ "$rss" -le "$limit" ] || fail "$1: peak RSS $rss KiB > $limit KiB"
}

# injected_calls [LOG]: one line "SYSCALL FD" for every call strace injected a fault into (from
# strace.log written by strace_run; "<unfinished ...>" / "<... resumed>" pairs joined).
injected_calls() {
  python3 -c 'import re, sys
pending = {}
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"(\d+) +(.*)", line.rstrip("\n"))
    if not m: continue
    pid, rest = m.groups()
    if rest.endswith("<unfinished ...>"):
        pending[pid] = rest[: -len("<unfinished ...>")]; continue
    r = re.match(r"<\.\.\. (\w+) resumed>(.*)", rest)
    if r:
        rest = pending.pop(pid, r.group(1) + "(?, ") + r.group(2)
    if "(INJECTED)" in rest:
        c = re.match(r"(\w+)\((\d*)", rest)
        if c: print(c.group(1), c.group(2) or "-")' "${1:-strace.log}"
}

# nth_call SYSCALL PATH_REGEX COMMAND...: runs COMMAND once under strace -f and prints the
# 1-based index, among the SYSCALL calls of the thread that makes it, of the first one on a file
# descriptor opened from a path matching PATH_REGEX ("stdin": descriptor 0), or 0 if there is
# none. strace counts when=N per thread, so an injection with when=INDEX then hits exactly that
# call (as long as that thread's earlier calls do not vary: use -j1). A descriptor closed and
# reused for another file (the run reads /proc/self/cgroup after sniffing its input) no longer
# counts as the path's.
nth_call() {
  local syscall=$1 regex=$2
  shift 2
  strace -f -qq -o nth.log -e "trace=openat,close,$syscall" "$@" >/dev/null 2>&1
  python3 -c 'import re, sys
log, syscall, regex = sys.argv[1:4]
fds, counts, pending = ({"0"} if regex == "stdin" else set()), {}, {}
for line in open(log, errors="replace"):
    m = re.match(r"(\d+) +(.*)", line.rstrip("\n"))
    if not m: continue
    pid, rest = m.groups()
    if rest.endswith("<unfinished ...>"):
        pending[pid] = rest; continue
    r = re.match(r"<\.\.\. (\w+) resumed>(.*)", rest)
    if r: rest = pending.pop(pid, "").replace("<unfinished ...>", "") + r.group(2)
    o = re.match(r"openat\(AT_FDCWD, \"([^\"]*)\".*= (\d+)$", rest)
    if o and regex != "stdin" and re.search(regex, o.group(1)): fds.add(o.group(2))
    closed = re.match(r"close\((\d+)\) += 0$", rest)
    if closed and regex != "stdin": fds.discard(closed.group(1))
    c = re.match(syscall + r"\((\d+)", rest)
    if c:
        counts[pid] = counts.get(pid, 0) + 1
        if c.group(1) in fds: print(counts[pid]); sys.exit()
    if rest.startswith(syscall + "(NULL") and syscall == "mmap":
        counts[pid] = counts.get(pid, 0) + 1
        a = re.search(r"PROT_READ, MAP_PRIVATE, (\d+), 0\) = 0x", rest)
        if a and a.group(1) in fds: print(counts[pid]); sys.exit()
print(0)' nth.log "$syscall" "$regex"
}

# Holding fenbatch inside one system call while the test acts (G10: a signal inside fsync).
# syscall_nr NAME: the number of read, mmap or fsync on this machine.
syscall_nr() {
  case "$(uname -m):$1" in
    x86_64:read) echo 0 ;; x86_64:mmap) echo 9 ;; x86_64:fsync) echo 74 ;;
    aarch64:read) echo 63 ;; aarch64:mmap) echo 222 ;; aarch64:fsync) echo 82 ;;
    *) echo -1 ;;
  esac
}
# held_in PID SYSCALL PATH_REGEX: PID (its main thread) is stopped by strace (state t) inside
# SYSCALL on a descriptor of a file whose path matches PATH_REGEX.
held_in() {
  local sc fd
  [ "$(sed 's/.*) //' /proc/"$1"/stat 2>/dev/null | cut -d' ' -f1)" = t ] || return 1
  read -r -a sc </proc/"$1"/syscall 2>/dev/null || return 1
  [ "${sc[0]}" = "$(syscall_nr "$2")" ] || return 1
  fd=$((${sc[$([ "$2" = mmap ] && echo 5 || echo 1)]}))
  [[ $(readlink /proc/"$1"/fd/"$fd" 2>/dev/null) =~ $3 ]]
}
# rename_numbers: the numbers of rename, renameat and renameat2 on this machine (empty if
# unknown). held_in_rename PID: PID (its main thread) is stopped by strace inside one of them.
rename_numbers() {
  case "$(uname -m)" in
    x86_64) echo "82 264 316" ;; aarch64) echo "38 276" ;; *) echo "" ;;
  esac
}
held_in_rename() {
  local sc
  [ "$(sed 's/.*) //' /proc/"$1"/stat 2>/dev/null | cut -d' ' -f1)" = t ] || return 1
  read -r -a sc </proc/"$1"/syscall 2>/dev/null || return 1
  [[ " $(rename_numbers) " == *" ${sc[0]} "* ]]
}
# hold_and_change SYSCALL PATH_REGEX CHANGE STRACE_SPEC COMMAND...: runs COMMAND under
# strace -f -e STRACE_SPEC (an inject=SYSCALL:delay_enter/delay_exit=US:when=N that holds the
# chosen call), stderr to err.txt and strace's log to strace.log; waits until the process is
# held in SYSCALL on PATH_REGEX, evaluates CHANGE ($pid is fenbatch's pid), and checks it was
# still held afterwards. HOLD_STATUS: COMMAND's exit status. Returns 1 if the change could not
# be made inside the hold (a loaded machine): the caller retries with a longer hold.
hold_and_change() {
  local syscall=$1 regex=$2 change=$3 spec=$4 tracer pid="" ready=0 inside=0
  shift 4
  env "$STRACE_ENV" strace -f -qq -o strace.log -e "$spec" "$@" 2>err.txt &   # not the wrapper: $! must be strace
  tracer=$!
  for _ in $(seq 2000); do
    [ -n "$pid" ] || pid=$(pgrep -P "$tracer" | head -n 1)
    if [ -n "$pid" ] && held_in "$pid" "$syscall" "$regex"; then ready=1; break; fi
    kill -0 "$tracer" 2>/dev/null || break
    sleep 0.005
  done
  if [ "$ready" = 1 ]; then
    eval "$change"
    held_in "$pid" "$syscall" "$regex" && inside=1
  fi
  wait "$tracer"
  HOLD_STATUS=$?
  [ "$inside" = 1 ]
}

# hold_run CALL PATH_SUFFIX CHANGE COMMAND...: runs COMMAND (stderr to err.txt) with the
# preload shim data/hold_shim.c, which stops it right after it maps (CALL mmap) or first reads
# (CALL read) the file whose path ends in PATH_SUFFIX; then evaluates CHANGE and lets it go on.
# Deterministic (a file handshake, no timing). HOLD_STATUS: COMMAND's exit status. Returns 1 if
# COMMAND ended without ever being held.
hold_run() {
  local call=$1 path=$2 change=$3 pid
  shift 3
  [ -f hold.so ] || cc -O1 -shared -fPIC -o hold.so "$RELIABILITY_DIR/data/hold_shim.c" -ldl ||
    die "cannot build the hold shim (cc)"
  rm -f hold.ready hold.go
  FB_HOLD_CALL=$call FB_HOLD_PATH=$path FB_HOLD_DIR=$PWD LD_PRELOAD=$PWD/hold.so \
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" "$@" 2>err.txt &
  pid=$!
  while [ ! -e hold.ready ] && kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
  local was_held=0
  if [ -e hold.ready ]; then was_held=1; eval "$change"; fi
  touch hold.go
  wait "$pid"
  HOLD_STATUS=$?
  [ "$was_held" = 1 ]
}

# Issue 16 (partitioned dedupe beyond memory): helpers of the H cases.
# partitioned_input FILE LINES SEED: a generated input of about LINES mostly distinct
# positions (fenbatch-gen), then invalid lines, blank lines and a second copy of its first
# 20,000 lines (duplicates far from their first occurrence); with --memory-limit 16M, 400,000
# lines are more than the in-memory set may hold, so the run switches to partitions.
partitioned_input() {
  "$FENBATCH_GEN" -n "$2" --seed "$3" -o "$1.gen" || die "fenbatch-gen failed"
  { cat "$1.gen"; yes 'not a position at all' | head -n 500; printf '\n\n'; head -n 20000 "$1.gen"; } >"$1"
  rm -f "$1.gen"
}

# memory_mode JSON: the stats JSON's memory.dedupe ("memory" or "partitioned").
memory_mode() { json "$1" 's["memory"]["dedupe"]'; }

# same_result REF NAME WHAT: runs REF and NAME wrote REF.out/.rej/.json (and .counts/.dups when
# REF has them); outputs, rejects, counts and duplicates byte-identical, and the statistics
# too, less memory, timings, threads, throughput and file names (normalize of
# tests/cli/same_runs.sh, sourced in a subshell so that its names stay out of the cases).
normalized() { (. "$RELIABILITY_DIR/../cli/same_runs.sh" && normalize "$1"); }
same_result() {
  local ref=$1 name=$2 what=$3 f
  normalized "$ref.json" >"$ref.norm" || { fail "$what: $ref.json unreadable"; return; }
  normalized "$name.json" >"$name.norm" || { fail "$what: $name.json unreadable"; return; }
  for f in out rej norm counts dups; do
    [ -e "$ref.$f" ] || continue
    cmp -s "$ref.$f" "$name.$f" ||
      { fail "$what: $name.$f differs from $ref.$f"; diff "$ref.$f" "$name.$f" | head -5; }
  done
}

# spill_temps_open PID DIR: how many descriptors of PID are files in DIR (the unnamed
# temporaries of a spill show as "DIR/#INODE (deleted)").
# unnamed_open PID DIR: how many unnamed files (O_TMPFILE: "DIR/#INODE (deleted)") in DIR PID
# has open (fenbatch's output temporaries before they are complete).
unnamed_open() {
  local dir n=0 fd
  dir=$(cd "$2" && pwd -P)
  for fd in /proc/"$1"/fd/*; do
    [[ $(readlink "$fd" 2>/dev/null) == "$dir"/#*" (deleted)" ]] && n=$((n + 1))
  done
  echo "$n"
}

spill_temps_open() {
  local dir n=0 fd
  dir=$(cd "$2" && pwd -P)
  for fd in /proc/"$1"/fd/*; do
    [[ $(readlink "$fd" 2>/dev/null) == "$dir"/* ]] && n=$((n + 1))
  done
  echo "$n"
}

# hold_spill CALL TEMP_DIR CHANGE COMMAND...: runs COMMAND (stderr to err.txt) with the preload
# shim data/spill_hold_shim.c, which stops it before its first CALL (write: pass 1, pread: pass
# 2, read: pass 3 of a streamed input) on a file in TEMP_DIR; evaluates CHANGE there ($pid is
# fenbatch's pid; HELD_TEMPS the spill files it had open) and lets it go on. Deterministic (a
# file handshake, no timing). HOLD_STATUS: COMMAND's exit status. Returns 1 if COMMAND ended
# without ever being held.
hold_spill() {
  local call=$1 temp_dir pid
  temp_dir=$(cd "$2" && pwd -P)
  local change=$3
  shift 3
  [ -f spill_hold.so ] || cc -O1 -shared -fPIC -o spill_hold.so "$RELIABILITY_DIR/data/spill_hold_shim.c" -ldl ||
    die "cannot build the spill hold shim (cc)"
  rm -f hold.ready hold.go
  FB_HOLD_CALL=$call FB_HOLD_PREFIX=$temp_dir FB_HOLD_DIR=$PWD LD_PRELOAD=$PWD/spill_hold.so \
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" "$@" 2>err.txt &
  pid=$!
  while [ ! -e hold.ready ] && kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
  local was_held=0
  HELD_TEMPS=0
  if [ -e hold.ready ]; then
    was_held=1
    HELD_TEMPS=$(spill_temps_open "$pid" "$temp_dir")
    eval "$change"
  fi
  touch hold.go
  wait "$pid"
  HOLD_STATUS=$?
  [ "$was_held" = 1 ]
}

# on_small_tmpfs SIZE DIR SCRIPT ARGS...: runs `bash SCRIPT ARGS...` with a tmpfs of SIZE
# mounted on DIR (created here): mounted directly as root, else inside a user and mount
# namespace (unshare -rm, as G01); fails the case if neither works. Status: the script's.
on_small_tmpfs() {
  local size=$1 dir=$2
  shift 2
  mkdir -p "$dir"
  if mount -t tmpfs -o "size=$size" tmpfs "$dir" 2>/dev/null; then
    bash "$@"
    local status=$?
    umount "$dir"
    return "$status"
  elif unshare -rm true 2>/dev/null; then
    echo "note: no mount permission; using unshare -rm"
    unshare -rm bash -c 'mount -t tmpfs -o "size=$1" tmpfs "$2" && shift 2 && bash "$@"' _ "$size" "$dir" "$@"
  else
    fail "cannot mount a small tmpfs (neither root nor unshare -rm works here)"
    return 1
  fi
}
