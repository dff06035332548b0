#!/usr/bin/env bash
# H01 (issue 16: "the result ... is byte-identical to the in-memory mode, for any budget, thread
# count and chunk size"): about 420,000 lines (400,000 mostly distinct generated positions, 500
# invalid lines, blank lines, 20,000 repeats far from their first occurrence) deduplicated under
# --memory-limit 16M, which the set outgrows (memory.dedupe "partitioned" in the statistics):
# output, rejects, --counts, --duplicates and the statistics (less memory, timings, threads,
# throughput) byte-identical to the in-memory run (no limit: memory.dedupe "memory"), at -j1 and
# -j2, mapped, --no-mmap, piped from standard input, zstd-compressed, split into two inputs,
# and with a tiny --chunk-size. Every partitioned run leaves no file in its --temp-dir or
# beside the output. (The sanitizer builds run a subset: each run costs seconds there.)
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
need zstd
partitioned_input in.fen 400000 7
iic_save in.fen
mkdir spill
# h_run NAME ARGS...: fenbatch --dedupe ... into NAME.out/.rej/.json, temporaries in spill/.
# With ORIGINS=1 also --counts and --duplicates, into NAME.counts and NAME.dups (written under
# one name, which the statistics record, then renamed).
ORIGINS=0
h_run() {
  local name=$1 extra=()
  shift
  [ "$ORIGINS" = 1 ] && extra=(--counts counts.tsv --duplicates dups.txt)
  "$FENBATCH" -q --dedupe --rejects "$name.rej" --stats-json "$name.json" -o "$name.out" \
    "${extra[@]}" "$@" || fail "$name: exit $?"
  if [ "$ORIGINS" = 1 ]; then mv counts.tsv "$name.counts"; mv dups.txt "$name.dups"; fi
}
partitioned() {  # partitioned REF NAME WHAT ARGS...: a run under 16M compared with REF's
  local ref=$1 name=$2 what=$3
  shift 3
  h_run "$name" --memory-limit 16M --temp-dir spill "$@"
  [ "$(memory_mode "$name.json")" = partitioned ] ||
    fail "$what: memory.dedupe is $(memory_mode "$name.json"), expected partitioned"
  same_result "$ref" "$name" "$what"
  [ -z "$(ls -A spill)" ] || fail "$what: files left in the temp dir: $(ls -A spill)"
  no_temps "$what"
}

h_run mem -j2 in.fen
[ "$(memory_mode mem.json)" = memory ] || fail "reference: memory.dedupe is $(memory_mode mem.json)"
sr_check mem.json "reference" in.fen
[ "$(json mem.json 's["duplicates"]')" -ge 20000 ] || fail "reference: too few duplicates"
partitioned mem p_j1 "-j1 mapped" -j1 in.fen
partitioned mem p_j2 "-j2 --no-mmap" -j2 --no-mmap in.fen
if [ "$SANITIZED" = 0 ]; then
  partitioned mem p_j2m "-j2 mapped" -j2 in.fen
  partitioned mem p_j1s "-j1 --no-mmap" -j1 --no-mmap in.fen
  partitioned mem p_chunk "--chunk-size 3000" -j2 --chunk-size 3000 in.fen
fi

# --counts and --duplicates (first occurrences' origins and final counts through the partitions).
ORIGINS=1
h_run memc -j2 in.fen
partitioned memc pc_j1 "--counts --duplicates -j1" -j1 in.fen
[ "$SANITIZED" = 1 ] || partitioned memc pc_j2 "--counts --duplicates -j2 --no-mmap" -j2 --no-mmap in.fen
ORIGINS=0

# Standard input (a pipe: kept in a temporary copy for pass 3), against the in-memory run of the
# same pipe (rejects and statistics name <stdin>).
cat in.fen | h_run memp -j2 -
cat in.fen | partitioned memp p_pipe "piped from standard input" -j2 -

# A zstd-compressed input (read once, kept in a temporary copy).
zstd -q -1 in.fen -o in.fen.zst || die "zstd failed"
h_run memz -j2 in.fen.zst
partitioned memz p_zst "zstd-compressed input" -j2 in.fen.zst
same_file mem.out memz.out "zstd input, in memory"

# Two inputs: the switch and pass 3 span both.
head -n 210000 in.fen >a.fen
tail -n +210001 in.fen >b.fen
h_run mem2 -j2 a.fen b.fen
partitioned mem2 p_two "two inputs" -j2 a.fen b.fen
same_file mem.out mem2.out "two inputs, in memory"
[ "$SANITIZED" = 1 ] || partitioned mem2 p_two_tiny "two inputs, --chunk-size 1000 --no-mmap" -j2 --chunk-size 1000 --no-mmap a.fen b.fen
iic_check in.fen "partitioned runs"
finish
