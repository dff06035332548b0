# shellcheck shell=bash
# Sourced by compare.sh, scaling.sh, alternate.sh and callgrind.sh (which define die): their common setup,
# and wall time and peak RSS of one command.
#   bench_setup INPUT [OUTDIR] TOOL...
#                          checks INPUT and the TOOLs; sets outdir (OUTDIR, created, else a
#                          temporary directory removed at exit) and fenbatch (FENBATCH, else
#                          build/release/apps/fenbatch); then measure_setup "$outdir".
#   measure_setup OUTDIR   picks how peak RSS is measured (FENBATCH_BENCH_RSS: gnu-time,
#                          python3 or none; default GNU time if /usr/bin/time is GNU time, else
#                          python3, else none) and where GNU time writes it; sets rss_via.
#   measure COMMAND        runs COMMAND with bash -c; prints "SECONDS PEAK_RSS_KIB" (NA when
#                          not measured); fails when COMMAND fails.
# Wall time is taken by bash ($EPOCHREALTIME) around the whole measured command; with GNU time
# that includes starting /usr/bin/time (about a millisecond, the same for every command). Peak
# RSS is the largest resident set among the measured process tree (wait4/RUSAGE_CHILDREN). The
# kernel also counts the resident set of the process that forks and execs the command, so the
# python3 fallback reports at least the interpreter's own ~10-15 MB (GNU time: ~2 MB).

bench_setup() {
  local input=$1 dir=$2 t
  shift 2
  { [ -f "$input" ] && [ -r "$input" ]; } || die "$input: not a readable regular file"
  if [ -n "$dir" ]; then
    outdir=$dir
    mkdir -p "$outdir"
  else
    outdir=$(mktemp -d)
    trap 'rm -rf -- "$outdir"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
  fi
  fenbatch=${FENBATCH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build/release/apps/fenbatch}
  [ -x "$fenbatch" ] || die "$fenbatch is missing: build first (cmake --build --preset release)"
  for t in "$@"; do
    command -v "$t" >/dev/null || die "$t is missing"
  done
  measure_setup "$outdir"
}

measure_setup() {
  measure_rssfile=$1/.rss
  rss_via=${FENBATCH_BENCH_RSS:-}
  if [ -z "$rss_via" ]; then
    if /usr/bin/time --version 2>&1 | grep -q 'GNU'; then
      rss_via=gnu-time
    elif command -v python3 >/dev/null; then
      rss_via=python3
    else
      rss_via=none
    fi
  fi
  case $rss_via in
    gnu-time) /usr/bin/time --version 2>&1 | grep -q 'GNU' || die "/usr/bin/time is not GNU time" ;;
    python3) command -v python3 >/dev/null || die "python3 is missing" ;;
    none) ;;
    *) die "FENBATCH_BENCH_RSS must be gnu-time, python3 or none, not '$rss_via'" ;;
  esac
}

# The python3 fallback: wall time around the child, and the largest peak RSS among the
# reaped descendants (RUSAGE_CHILDREN, like GNU time's wait4), in KiB.
measure_py='import resource, subprocess, sys, time
start = time.perf_counter()
status = subprocess.run(["bash", "-c", sys.argv[1]]).returncode
wall = time.perf_counter() - start
print("%.6f %d" % (wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.exit(status)'

measure() {
  local start end rss=NA
  case $rss_via in
    python3)
      python3 -c "$measure_py" "$1"
      return
      ;;
    gnu-time)
      start=$EPOCHREALTIME
      /usr/bin/time -f '%M' -o "$measure_rssfile" bash -c "$1" || return
      end=$EPOCHREALTIME
      rss=$(tail -n 1 "$measure_rssfile")
      ;;
    none)
      start=$EPOCHREALTIME
      bash -c "$1" || return
      end=$EPOCHREALTIME
      ;;
  esac
  awk -v a="$start" -v b="$end" -v r="$rss" 'BEGIN { printf "%.6f %s\n", b - a, r }'
}

measure_cleanup() { rm -f -- "$measure_rssfile"; }

# median min max of the numbers on standard input ("NA NA NA" if any is NA)
stats() {
  sort -g | awk '$1 == "NA" { na = 1 } { v[NR] = $1 } END {
    if (na || NR == 0) { print "NA NA NA"; exit }
    m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2; printf "%.6f %.6f %.6f\n", m, v[1], v[NR] }'
}

machine_line() {
  echo "Machine: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
}
