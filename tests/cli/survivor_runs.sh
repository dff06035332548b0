# Helpers for the CLI cases of which occurrence survives (issue 28: survivors*.sh; issue 29:
# keep_ranked*.sh), sourced after `set -euo pipefail` (and, for check_policy, after
# same_runs.sh):
#   . "$(dirname "${BASH_SOURCE[0]}")/../survivor_runs.sh"

# survivors ARGS...: a run on in.fen with --counts and --duplicates, printed: the output's lines
# by number in in.fen, the counts file, the duplicates file, and the statistics' options,
# written, duplicates, rare, unique, the 8x8 board's, the reconciliation and the most repeated
# positions.
survivors() {
  echo "== $*"
  "$FENBATCH" -q "$@" --counts counts.tsv --duplicates dups.txt --stats-json s.json in.fen out.fen
  local numbers=""
  while IFS= read -r line; do
    numbers+=" $(grep -nxF -- "$line" in.fen | cut -d: -f1)"
  done <out.fen
  echo "written lines:$numbers"
  cat counts.tsv dups.txt
  python3 - s.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
o = s["options"]
print("options:", o["dedupe"], o["keep"], o["max_per_position"], o["min_count"])
print("written", s["written"], "duplicates", s["duplicates"], "rare", s["rare"], "unique",
      s["unique"], "8x8 unique", s["boards"]["8x8"]["unique"], "8x8 written",
      s["boards"]["8x8"]["written"], "8x8 rare", s["boards"]["8x8"]["rare"], "balanced",
      s["reconciliation"]["balanced"])
for r in s["most_repeated"]:
    print("repeated", r["count"], r["position"])
PY
}

# outcome_counts STATS_JSON: "written W duplicates D rare R unique U".
outcome_counts() {
  python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
print("written", s["written"], "duplicates", s["duplicates"], "rare", s["rare"],
      "unique", s["unique"])' "$1"
}

# policy_run NAME ARGS... INPUT: run (same_runs.sh) with --counts and --duplicates (written
# under one name, which the statistics record, then renamed to NAME.counts, NAME.dups).
policy_run() {
  local name=$1
  shift
  run "$name" --counts counts.tsv --duplicates dups.txt "$@"
  mv counts.tsv "$name.counts"
  mv dups.txt "$name.dups"
}
mode() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["memory"]["dedupe"])' "$1"; }
same_files() {  # same_files REF NAME: the outputs, counts and duplicates (same_runs.sh's same)
  for f in counts dups; do
    cmp -s "$1.$f" "$2.$f" || { echo "FAIL: $2.$f differs from $1.$f"; exit 1; }
  done
  same "$1" "$2"
}
# check_policy INPUT POLICY...: the policy's runs on INPUT against the default budget's at -j2.
check_policy() {
  local input=$1
  shift
  policy_run mem -j2 "$@" "$input"
  python3 - mem.json <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
o = s["options"]
print("%s %s %s: duplicates > 0 %s, rare > 0 %s, written > unique %s, balanced %s" % (
    o["keep"], o["max_per_position"], o["min_count"], s["duplicates"] > 0, s["rare"] > 0,
    s["written"] > s["unique"], s["reconciliation"]["balanced"]))
PY
  policy_run mem1 -j1 "$@" "$input"
  same_files mem mem1
  for args in "-j1" "-j2" "-j2 --chunk-size 3000"; do
    name="p${args// /}"
    # shellcheck disable=SC2086
    policy_run "$name" --memory-limit 16M --temp-dir spill $args "$@" "$input"
    same_files mem "$name"
    echo "$* --memory-limit 16M $args: dedupe $(mode "$name.json"), the same"
    [ -z "$(ls -A spill)" ] || { echo "FAIL: left in spill: $(ls -A spill)"; exit 1; }
  done
}
