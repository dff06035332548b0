# Helpers for CLI cases that compare runs of one input under other settings (threads, chunk
# sizes, decoders, mapped or streamed, memory budgets): each run's output, rejects and statistics
# (without timings, thread count, the memory member and file names) must be byte-identical to a
# reference run's. A case (tests/cli/cases/*.sh, run by ../run_case.sh in a fresh temporary
# directory) starts with:
#   . "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
# and may name further statistics keys to leave out in `normalize_also` (e.g. input_bytes,
# where one run reads a pipe).

normalize_also=()

normalize() {  # the stats JSON without timings, thread count, memory and file names
  python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
for k in ("wall_seconds", "threads", "memory", "mb_per_second", "positions_per_second", "inputs",
          "output", *sys.argv[2:]):
    s.pop(k)
# Sample file names follow the input name (<stdin>, a.gz): compare where, not how named.
for sample in s.get("invalid_samples", []):
    sample.pop("file")
for per_input in s.get("per_input", []):
    per_input.pop("path")
print(json.dumps(s, indent=1))' "$1" "${normalize_also[@]}"
}

# run NAME [ARGS...]: one run into NAME.out, NAME.rej, NAME.json (normalized into NAME.norm);
# rejects read from standard input are named as if read from big.fen.
run() {
  local name=$1
  shift
  "$FENBATCH" -q --rejects "$name.rej" --stats-json "$name.json" -o "$name.out" "$@"
  normalize "$name.json" >"$name.norm"
  sed -i 's/^<stdin>:/big.fen:/' "$name.rej"
}

same() {  # same REF NAME
  local f
  for f in out rej norm; do
    cmp -s "$1.$f" "$2.$f" ||
      { echo "FAIL: $2.$f differs from $1.$f"; diff "$1.$f" "$2.$f" | head -20; exit 1; }
  done
}
