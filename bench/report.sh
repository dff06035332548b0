#!/usr/bin/env bash
# One command for a benchmark report: builds the Release binaries, prepares the corpora, runs
# bench/compare.sh on each (fenbatch, fenbatch -j1, LC_ALL=C sort -u, awk '!seen[$0]++' and
# wc -l in alternation, to /dev/null and to an fsynced file; wall time and peak RSS per run),
# the Google Benchmark core suite (once per decoder implementation the CPU runs) and, when
# valgrind is installed, bench/callgrind.sh (instructions per line), and writes
# DIR/report.md (also printed), DIR/core_bench*.json and the raw times of every run.
#
# Usage: bench/report.sh [--rounds N] [--out DIR] [--generated SIZE] [--skip-build] [--quick]
#                        [--keep] [INPUT...]
#   --rounds N        rounds of each tool per corpus and mode (default 5; --quick: 2)
#   --out DIR         where the report goes (default: a new temporary directory, printed)
#   --generated SIZE  also generate `fenbatch-gen --bytes SIZE --seed 7` (default 256M;
#                     --quick: 32M; 0: none); with INPUTs, only when given explicitly
#   --skip-build      use the binaries already in build/release
#   --quick           smoke test: 2 rounds, a 32M generated corpus
#   --keep            keep the prepared corpora and the tools' outputs (DIR/work.*)
#   INPUT...          uncompressed corpora to use instead of the default ones
# Default corpora: the 20 shared corpora (FENBATCH_SHARED_DIR, else ../shared beside the
# checkout) decompressed and concatenated in LC_ALL=C name order, when present, and the
# generated one. Timings are reported, never checked: there are no thresholds here.
set -euo pipefail
export LC_ALL=C

die() { echo "report.sh: $*" >&2; exit 2; }
note() { echo "report.sh: $*" >&2; }
usage() { sed -n '/^# Usage:/,/^# Default corpora/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

rounds='' out='' generated='' skip_build=0 quick=0 keep=0 generated_set=0
inputs=()
invocation="bench/report.sh${*:+ $*}"
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) [ $# -ge 2 ] || die "--rounds needs a value"; rounds=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
    --generated) [ $# -ge 2 ] || die "--generated needs a value"; generated=$2; generated_set=1; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    --quick) quick=1; shift ;;
    --keep) keep=1; shift ;;
    -h | --help) usage; exit 0 ;;
    --) shift; inputs+=("$@"); break ;;
    -*) usage >&2; die "unknown option $1" ;;
    *) inputs+=("$1"); shift ;;
  esac
done
if [ "$quick" = 1 ]; then
  rounds=${rounds:-2}
  generated=${generated:-32M}
fi
rounds=${rounds:-5}
generated=${generated:-256M}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive integer, not '$rounds'"
[[ $generated =~ ^(0|[1-9][0-9]*[KMG]?)$ ]] || die "--generated must be 0 or N[K|M|G], not '$generated'"
[ "${#inputs[@]}" -gt 0 ] && [ "$generated_set" = 0 ] && generated=0

# Paths given by the user are relative to where they ran this; everything else to the repo.
for i in "${!inputs[@]}"; do
  f=${inputs[$i]}
  { [ -f "$f" ] && [ -r "$f" ]; } || die "$f: not a readable regular file"
  inputs[i]=$(realpath -- "$f")
done
if [ -n "$out" ]; then
  mkdir -p -- "$out"
  out=$(realpath -- "$out")
fi
cd "$(dirname "$0")/.."
repo=$(pwd)
shared_dir=${FENBATCH_SHARED_DIR:-$repo/../shared}

# --- build -------------------------------------------------------------------------------
fenbatch=build/release/apps/fenbatch
gen=build/release/apps/fenbatch-gen
core_bench=build/release/bench/fenbatch_core_bench
build_commands=()
if [ "$skip_build" = 0 ]; then
  for t in cmake ninja c++ pkg-config; do
    if ! command -v "$t" >/dev/null; then
      note "$t is missing: running scripts/install-deps.sh"
      scripts/install-deps.sh
      break
    fi
  done
  build_commands=("cmake --preset release"
    "cmake --build --preset release --target fenbatch fenbatch-gen fenbatch_core_bench")
  note "building: ${build_commands[*]}"
  cmake --preset release >/dev/null
  cmake --build --preset release --target fenbatch fenbatch-gen fenbatch_core_bench >&2
fi
for b in "$fenbatch" "$gen" "$core_bench"; do
  [ -x "$b" ] || die "$b is missing: build it (drop --skip-build, or cmake --build --preset release)"
done

# --- tools -------------------------------------------------------------------------------
for t in sort awk wc sync stat cmp realpath df python3; do
  command -v "$t" >/dev/null || die "$t is missing (scripts/install-deps.sh installs python3; the rest is coreutils/awk)"
done
if ! /usr/bin/time --version 2>&1 | grep -q GNU; then
  # Peak RSS wants GNU time (Debian package `time`, not in install-deps.sh); install it like
  # install-deps.sh does, else compare.sh falls back to python3's RUSAGE_CHILDREN.
  sudo=''
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  if command -v apt-get >/dev/null; then
    note "installing the Debian package 'time' for GNU /usr/bin/time (peak RSS)"
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
        $sudo apt-get install -y -qq --no-install-recommends time >/dev/null; } ||
      note "could not install 'time': peak RSS falls back to python3 (includes its ~10-15 MB)"
  else
    note "GNU time is missing: peak RSS falls back to python3 (includes its ~10-15 MB)"
  fi
fi

# --- output and work directories -----------------------------------------------------------
if [ -z "$out" ]; then
  out=$(mktemp -d "${TMPDIR:-/tmp}/fenbatch-report.XXXXXX")
fi
work=$(mktemp -d "$out/work.XXXXXX")
cleanup() {
  if [ "$keep" = 1 ]; then
    note "kept the corpora and outputs in $work"
  else
    rm -rf -- "$work"
  fi
}
trap cleanup EXIT
# Long steps run in their own process group (setsid), waited for with `wait`, so that an
# interrupt is handled at once: the whole group (compare.sh and the tool it runs) is stopped,
# then the work directory removed.
child='' child_group=0
run_bg() {
  local rc=0
  if command -v setsid >/dev/null; then
    setsid "$@" &
    child_group=1
  else
    "$@" &
    child_group=0
  fi
  child=$!
  wait "$child" || rc=$?
  child=''
  return "$rc"
}
on_signal() {
  if [ -n "$child" ]; then
    if [ "$child_group" = 1 ]; then kill -TERM -- "-$child" 2>/dev/null || true
    else kill -TERM "$child" 2>/dev/null || true; fi
  fi
  exit "$1"
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

bytes_of() {  # N[K|M|G] -> bytes
  awk -v s="$1" 'BEGIN { n = s + 0; u = substr(s, length(s));
    m = (u == "K") ? 1024 : (u == "M") ? 1048576 : (u == "G") ? 1073741824 : 1; printf "%.0f", n * m }'
}
need_space() {  # BYTES WHAT: fail early rather than on a full disk in the middle
  local avail
  avail=$(df -P -B1 "$work" | awk 'NR == 2 { print $4 }')
  [ "$avail" -ge "$1" ] ||
    die "$2 needs about $(($1 / 1000000)) MB in $work, only $((avail / 1000000)) MB free (use --out elsewhere)"
}

# --- corpora -------------------------------------------------------------------------------
corpora=() corpus_notes=()
mkdir -p "$work/corpora"
if [ "${#inputs[@]}" -eq 0 ]; then
  if [ -d "$shared_dir/corpus" ]; then
    command -v zstd >/dev/null || die "zstd is missing (scripts/install-deps.sh installs it)"
    shared_files=("$shared_dir"/corpus/*.epd.zst)  # glob order under LC_ALL=C: byte order
    [ -e "${shared_files[0]}" ] || die "no *.epd.zst in $shared_dir/corpus"
    [ "${#shared_files[@]}" -eq 20 ] || note "expected 20 shared corpora, found ${#shared_files[@]}"
    need_space 1000000000 "the shared corpora (172 MB) and their outputs"
    f=$work/corpora/shared-all.epd
    note "decompressing ${#shared_files[@]} shared corpora into $f"
    run_bg zstd -dc -q -- "${shared_files[@]}" >"$f"
    corpora+=("$f")
    corpus_notes+=("shared-all.epd: \`zstd -dc\` of the ${#shared_files[@]} files $(realpath "$shared_dir")/corpus/*.epd.zst, concatenated in LC_ALL=C name order")
  else
    note "no shared corpora at $shared_dir (set FENBATCH_SHARED_DIR): skipping them"
    corpus_notes+=("shared corpora: absent ($shared_dir), skipped")
  fi
fi
if [ "$generated" != 0 ]; then
  need_space $(($(bytes_of "$generated") * 5)) "the generated corpus ($generated) and its outputs"
  f=$work/corpora/gen-$generated-seed7.fen
  note "generating $f"
  run_bg "$gen" --bytes "$generated" --seed 7 -o "$f"
  corpora+=("$f")
  corpus_notes+=("gen-$generated-seed7.fen: \`$gen --bytes $generated --seed 7\`")
fi
for f in "${inputs[@]}"; do
  corpora+=("$f")
  corpus_notes+=("$(basename "$f"): given ($f)")
done
[ "${#corpora[@]}" -gt 0 ] || die "no corpus: no shared corpora, --generated 0 and no INPUT"

# --- machine and build facts ---------------------------------------------------------------
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //')
cpu=${cpu:-$(uname -m)}
memory=$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null || echo unknown)
commit=unknown
if git -C "$repo" rev-parse --short HEAD >/dev/null 2>&1; then
  commit=$(git -C "$repo" rev-parse --short HEAD)
  [ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ] || commit+="+dirty"
fi
# The decoder in use, as fenbatch --version reports it (second line: "decoder: NAME").
default_impl=$(env -u FENBATCH_FORCE_IMPL "$fenbatch" --version | sed -n 's/^decoder: //p')
[ -n "$default_impl" ] || default_impl=unknown
load_start=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
date_start=$(date -u +%Y-%m-%dT%H:%M:%SZ)

# --- whole runs ----------------------------------------------------------------------------
sections=()
i=0
for f in "${corpora[@]}"; do
  i=$((i + 1))
  name=$(basename "$f")
  note "[$i/${#corpora[@]}] $name: bench/compare.sh, $rounds rounds"
  outputs=$work/outputs-$i
  need_space $(($(stat -c %s "$f") * 4)) "the tools' outputs for $name"
  run_bg env FENBATCH="$repo/$fenbatch" bench/compare.sh "$f" "$rounds" "$outputs" >"$work/compare-$i.md"
  cp "$outputs/times.tsv" "$out/times-$i-$name.tsv"
  cp "$outputs/fenbatch.stats.json" "$out/stats-$i-$name.json"
  [ "$keep" = 1 ] || rm -rf -- "$outputs"
  sections+=("$work/compare-$i.md")
done
load_mid=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)

# --- Google Benchmark ----------------------------------------------------------------------
bench_args=(--benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_out_format=json)
bench_runs=()  # "LABEL JSON"
bench_commands=()
# Every decoder implementation this CPU runs: the build's list is the registry's, which fenbatch
# names for an unknown FENBATCH_FORCE_IMPL, and --version fails for one this CPU lacks.
built_impls=$(FENBATCH_FORCE_IMPL='?' "$fenbatch" --version 2>&1 >/dev/null |
  sed -n 's/.*(built here: \(.*\))$/\1/p' | tr -d ,)
[ -n "$built_impls" ] || die "$fenbatch did not list its decoder implementations"
for impl in $built_impls; do
  FENBATCH_FORCE_IMPL=$impl "$fenbatch" --version >/dev/null 2>&1 || continue
  note "core benchmark, FENBATCH_FORCE_IMPL=$impl"
  bench_commands+=("FENBATCH_FORCE_IMPL=$impl $core_bench ${bench_args[*]} --benchmark_out=$out/core_bench_$impl.json")
  run_bg env FENBATCH_FORCE_IMPL=$impl "$core_bench" "${bench_args[@]}" \
    --benchmark_out="$out/core_bench_$impl.json" >"$out/core_bench_$impl.txt" 2>&1 ||
    { tail -n 20 "$out/core_bench_$impl.txt" >&2; die "$core_bench failed (FENBATCH_FORCE_IMPL=$impl)"; }
  label=$impl
  [ "$impl" = "$default_impl" ] && label="$impl (default)"
  bench_runs+=("$label|core_bench_$impl.json")
done

# Median per benchmark: ns per item (1e9 / items_per_second) and MiB/s where bytes are counted.
bench_table=$(cd "$out" && python3 - "${bench_runs[@]}" <<'EOF'
import json, sys
runs = [arg.split("|", 1) for arg in sys.argv[1:]]
names, cells = [], {}
for label, path in runs:
    for b in json.load(open(path))["benchmarks"]:
        name = b.get("run_name", b["name"])
        if name not in names:
            names.append(name)
        if b.get("error_occurred"):
            cells[(label, name)] = ("error: " + b.get("error_message", "?"), "")
        elif b.get("aggregate_name") == "median":
            ips, bps = b.get("items_per_second"), b.get("bytes_per_second")
            cells[(label, name)] = ("%.1f" % (1e9 / ips) if ips else "n/a",
                                    "%.0f" % (bps / 2**20) if bps else "–")
head = "| benchmark |" + "".join(" %s ns/item | %s MiB/s |" % (l, l) for l, _ in runs)
print(head)
print("|---|" + "---:|---:|" * len(runs))
for n in names:
    print("| %s |" % n + "".join(" %s | %s |" % cells.get((l, n), ("n/a", "n/a")) for l, _ in runs))
c = json.load(open(runs[-1][1]))["context"]
print("\nGoogle Benchmark context: %s CPUs at %s MHz, load average %s, library built as %s." % (
    c.get("num_cpus"), c.get("mhz_per_cpu"),
    " ".join("%.2f" % x for x in c.get("load_avg", [])), c.get("library_build_type")))
EOF
)

# --- instructions per line ----------------------------------------------------------------
# The stable figure on a noisy machine: callgrind over the first 300,000 lines of the first
# corpus (the shared one when present). valgrind is optional: without it, a note says so.
# The decoder is the one valgrind's CPU offers (it has no AVX-512): FENBATCH_FORCE_IMPL, which
# may name one it lacks, is not passed on. A failure here costs this section, not the report.
callgrind_command=''
callgrind_title=$'## Instructions per line (callgrind)\n\n'
if command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null; then
  note "callgrind: bench/callgrind.sh ${corpora[0]} 300000"
  callgrind_command="bench/callgrind.sh $(basename "${corpora[0]}") 300000 OUTDIR"
  if run_bg env -u FENBATCH_FORCE_IMPL FENBATCH="$repo/$fenbatch" bench/callgrind.sh \
    "${corpora[0]}" 300000 "$out/callgrind" >"$work/callgrind.md"; then
    callgrind_section=$(cat "$work/callgrind.md")
  else
    note "bench/callgrind.sh failed (its message is above): the report says so"
    callgrind_section="${callgrind_title}Failed: \`$callgrind_command\` exited non-zero (its message went to stderr)."
  fi
else
  callgrind_section="${callgrind_title}Skipped: valgrind or callgrind_annotate is not installed (Debian: apt-get install valgrind)."
fi

# --- report --------------------------------------------------------------------------------
report=$out/report.md
{
  echo "# fenbatch benchmark report"
  echo
  echo "- Date: $date_start (UTC, start), $(date -u +%Y-%m-%dT%H:%M:%SZ) (end)"
  echo "- Machine: $cpu, $(nproc) CPUs (nproc), $memory memory, $(uname -sr) $(uname -m)"
  echo "- Load average (1/5/15 min): $load_start at start, $load_mid after the whole runs"
  echo "- Commit: $commit"
  echo "- Binaries: $repo/build/release ($("$fenbatch" --version | head -n1)); default decoder: $default_impl; FENBATCH_FORCE_IMPL for the whole runs: ${FENBATCH_FORCE_IMPL:-unset}"
  echo "- Invocation: \`$invocation\` ($rounds rounds)"
  echo
  echo "## Commands"
  echo
  if [ "${#build_commands[@]}" -gt 0 ]; then
    for c in "${build_commands[@]}"; do echo "- build: \`$c\`"; done
  else
    echo "- build: skipped (--skip-build)"
  fi
  for c in "${corpus_notes[@]}"; do echo "- corpus $c"; done
  echo "- whole runs: \`bench/compare.sh CORPUS $rounds OUTDIR\` per corpus (tool commands below)"
  for c in "${bench_commands[@]}"; do echo "- core: \`$c\`"; done
  [ -z "$callgrind_command" ] || echo "- instructions: \`$callgrind_command\` (kept in callgrind/)"
  echo
  echo "## Whole runs against the usual tools"
  echo
  echo "Page cache warm; tools in alternation; MB = 10^6 bytes; M lines/s counts every line"
  echo "(positions/s); peak RSS is the median over rounds of each run's peak."
  i=0
  for s in "${sections[@]}"; do
    i=$((i + 1))
    echo
    echo "### $(basename "${corpora[$((i - 1))]}")"
    echo
    sed '/^Machine: /d; /^Date: /d' "$s"
  done
  echo
  echo "## Core path (Google Benchmark, single thread, median of 3 repetitions)"
  echo
  echo "ns/item: per line of the corpus mix for the decode/write/key benchmarks, per leaf node for"
  echo "perft; MiB/s over the mix's bytes. Text output: core_bench*.txt."
  echo
  echo "$bench_table"
  echo
  echo "JSON: $(for r in "${bench_runs[@]}"; do printf '%s ' "${r#*|}"; done)(in $out)."
  echo
  echo "$callgrind_section"
  echo
  echo "Raw times of every whole run: times-*.tsv; fenbatch statistics: stats-*.json."
} >"$report"

cat "$report"
echo
echo "report.sh: report in $report" >&2
