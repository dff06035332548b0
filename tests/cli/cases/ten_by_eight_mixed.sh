#!/usr/bin/env bash
# 10x8 (X-FEN, Capablanca family) and 8x8 lines mixed in one file.
# 1. The hand-written tests/data/ten_by_eight_mixed.fen (24 lines: duplicates across castling
#    spellings, CRLF and EPD forms; 8x8 and 10x8 bare kings that must not dedupe; invalid lines
#    of both boards) deduplicates to the hand-written expected files, by default and with
#    --castling shredder, --format epd, --key fen and --ep pseudo (which drops no ep square
#    here: line 21's e3 has no black pawn beside it); its statistics by board and material are
#    counted by hand, and its statistics document validates against docs/stats.schema.json.
# 2. A generated mixed corpus (fenbatch-gen --variant mixed, repeated so that duplicates occur,
#    with the hand-written file) gives byte-identical output, rejects and statistics at -j1 and
#    -j2, under every decoder this CPU runs (FENBATCH_FORCE_IMPL), mapped, streamed (--no-mmap)
#    and from a pipe, for each of those options.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../same_runs.sh"
hand=$DATA/ten_by_eight_mixed.fen

check() {  # check EXPECTED ARGS...: --dedupe output of the hand-written file
  local expected=$1
  shift
  "$FENBATCH" -q --dedupe "$@" -o hand.out "$hand"
  cmp -s hand.out "$DATA/$expected" ||
    { echo "FAIL: --dedupe $* differs from $expected"; diff "$DATA/$expected" hand.out; exit 1; }
}
check ten_by_eight_mixed.dedupe
check ten_by_eight_mixed.shredder --castling shredder
check ten_by_eight_mixed.epd --format epd
check ten_by_eight_mixed.key_fen --key fen
check ten_by_eight_mixed.dedupe --ep pseudo
echo "hand-written: ok"

"$FENBATCH" -q --dedupe --stats-json hand.json -o /dev/null "$hand"
python3 - hand.json "$DATA/../../docs/stats.schema.json" <<'PY'
import json, sys
import jsonschema
s = json.load(open(sys.argv[1]))
jsonschema.validate(s, json.load(open(sys.argv[2])))  # 10x8 signatures, 40 pieces, boards
# 8x8: lines 3, 4, 5, 14, 15, 22; invalid 14 (rank_count), 15 (rank_width); 4 repeats 3.
# 10x8: the other 16 non-skipped lines; invalid 11, 12, 13, 16, 24; 2, 8, 19, 23 repeat
# 1, 7, 1, 1.
want = {"8x8": {"lines": 6, "valid": 4, "invalid": 2, "written": 3, "duplicates": 1,
                "excluded": 0, "filtered": 0, "unsampled": 0, "rare": 0, "unique": 3},
        "10x8": {"lines": 16, "valid": 11, "invalid": 5, "written": 7, "duplicates": 4,
                 "excluded": 0, "filtered": 0, "unsampled": 0, "rare": 0, "unique": 7}}
failures = []
if s["boards"] != want:
    failures.append(f"boards: {s['boards']!r}, expected {want!r}")
if (s["lines"], s["skipped"]["blank"], s["skipped"]["comment"]) != (24, 1, 1):
    failures.append("lines and skipped")
if not s["reconciliation"]["balanced"]:
    failures.append("reconciliation")
material = {(m["signature"], m["board"]): m["count"] for m in s["positions"]["top_material"]}
# Lines 1, 2, 17, 19, 21, 23: Capablanca's array; 20: an archbishop; 18: a chancellor; 5 and 6:
# bare kings on each board.
for signature, board, count in (("KQACRRBBNNPPPPPPPPPPvKQACRRBBNNPPPPPPPPPP", "10x8", 6),
                                ("KAvK", "10x8", 1), ("KvKC", "10x8", 1), ("KvK", "8x8", 1),
                                ("KvK", "10x8", 1)):
    if material.get((signature, board)) != count:
        failures.append(f"top_material: {signature} ({board}) {material.get((signature, board))}")
if s["positions"]["piece_count"]["40"] != 6:  # 1, 2, 17, 19, 21, 23
    failures.append(f"piece_count 40: {s['positions']['piece_count']['40']}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
PY
echo "statistics by board: ok"

"$FENBATCH_GEN" --variant mixed -n 4000 --seed 15 -o gen.fen
cat gen.fen "$hand" gen.fen "$hand" >big.fen
tens=$(grep -c -E '^[^/ ]*(10|[a-zA-Z]{10})' gen.fen || true)
[ "$tens" -gt 0 ] || { echo "FAIL: the generated corpus has no 10x8 line"; exit 1; }

normalize_also=(input_bytes)  # (differs where a run reads a pipe)
impls=()
for impl in scalar avx2 avx512; do
  if FENBATCH_FORCE_IMPL=$impl "$FENBATCH" --version >/dev/null 2>&1; then impls+=("$impl"); fi
done
for options in "" "--castling shredder" "--ep pseudo" "--format epd" "--key fen"; do
  # shellcheck disable=SC2086  # the options are words
  run ref --dedupe -j1 $options big.fen
  python3 -c 'import json, sys
b = json.load(open(sys.argv[1]))["boards"]
sys.exit(0 if b["10x8"]["written"] > 0 and b["8x8"]["written"] > 0 else 1)' ref.json ||
    { echo "FAIL: $options: a board has no written line"; exit 1; }
  for impl in "${impls[@]}"; do
    for j in 1 2; do
      export FENBATCH_FORCE_IMPL=$impl
      # shellcheck disable=SC2086
      run "m" --dedupe -j"$j" $options big.fen
      same ref m
      # shellcheck disable=SC2086
      run "s" --dedupe -j"$j" --no-mmap $options big.fen
      same ref s
      # shellcheck disable=SC2086
      cat big.fen | run "p" --dedupe -j"$j" --chunk-size 4K $options -
      same ref p
      unset FENBATCH_FORCE_IMPL
    done
  done
  echo "generated, ${options:-default options}: ok"
done
