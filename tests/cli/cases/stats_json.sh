#!/usr/bin/env bash
# --stats-json FILE on the mixed input, without and with --dedupe: schema_version first, the
# options, the counters, every reason (zero ones included) and repair kind, the notes on
# accepted input (CRLF, BOM, fullmove 0, 4-field records, operations), position statistics,
# most repeated positions, the per-input statistics (reasons that occurred only), reference
# null without --exclude, and the reconciliation
# lines = written + duplicates + excluded + filtered + invalid + skipped.blank + .comment +
# .header (filtered: 0 without --where).
# Then two inputs, the second repeating a position of the first: per_input splits the counters.
set -euo pipefail
bash "$DATA/mixed_input.sh" >mixed.fen
"$FENBATCH" -q --stats-json plain.json -o plain.fen mixed.fen
"$FENBATCH" -q --dedupe --stats-json dedupe.json -o dedupe.fen mixed.fen
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' '' \
  '4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk' '4k3/8/8/8/8/8/8/4K3 w - -' '# note' >second.fen
"$FENBATCH" -q --dedupe --top 7 --rejects rej.txt --stats-json two.json -o two.fen \
  mixed.fen second.fen
python3 - plain.json dedupe.json "$(wc -c <mixed.fen)" two.json <<'PY'
import json, sys

failures = []
def expect(what, got, want):
    if got != want:
        failures.append(f"{what}: {got!r}, expected {want!r}")

reasons = ("line_too_long nul_byte control_char bad_whitespace non_ascii misplaced_bom "
           "field_count trailing_garbage variant_syntax bad_epd_operation counter_conflict "
           "bad_piece_char rank_width rank_syntax rank_count bad_side castling_syntax "
           "castling_order ep_syntax bad_halfmove bad_fullmove missing_king too_many_kings "
           "pawn_on_back_rank too_many_pieces too_many_pawns too_much_material "
           "bad_castling_rights bad_ep_square opposite_check impossible_check csv_syntax missing_field "
           "json_syntax json_not_object json_missing_key json_not_string move_syntax illegal_move "
           "plain_bad_line plain_no_fen plain_repeated_key plain_unterminated").split()
nonzero = {"nul_byte": 1, "control_char": 1, "non_ascii": 1, "misplaced_bom": 1,
           "field_count": 1, "trailing_garbage": 1, "variant_syntax": 1,
           "bad_epd_operation": 1, "bad_piece_char": 2, "rank_width": 1, "rank_syntax": 1,
           "bad_side": 1, "castling_order": 1, "missing_king": 1, "bad_castling_rights": 1,
           "bad_ep_square": 1, "opposite_check": 1}
size = int(sys.argv[3])
start = "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP"

for path, dedupe in ((sys.argv[1], False), (sys.argv[2], True)):
    s = json.load(open(path))
    def e(what, got, want): expect(f"{path}: {what}", got, want)
    e("first member", list(s)[0], "schema_version")
    e("schema_version", s["schema_version"], 1)
    e("inputs", s["inputs"], ["mixed.fen"])
    e("output", s["output"], "plain.fen" if not dedupe else "dedupe.fen")
    e("options", s["options"], {"dedupe": dedupe, "key": "position", "format": "fen",
                                "castling": "xfen", "ep": "legal", "repair": False,
                                "payload": False, "input_format": None, "fen_field": None,
                                "header": "auto", "columns": [],
                                "compress": "auto", "level": 0, "top": 20, "exclude": [], "where": [],
                                "uniqueness": False,
                                "splits": [], "split_seed": 0, "sample": None, "sample_seed": 1,
                                "keep": "first", "max_per_position": 1, "min_count": 1,
                                "apply_moves": None, "exclude_apply_moves": None, "check_move": None,
                                "duplicates": None, "counts": None,
                                "report": None})
    e("key_hash", s["key_hash"], "xxh3-128")
    e("dedupe_mode", s["dedupe_mode"], "probabilistic-128" if dedupe else "none")
    e("input_bytes", s["input_bytes"], size)
    e("bytes", s["bytes"], size)
    e("lines", s["lines"], 35)
    e("skipped", s["skipped"], {"blank": 2, "comment": 2, "header": 0, "record_lines": 0})
    e("valid", s["valid"], 13)
    e("invalid", s["invalid"], 18)
    e("invalid_by_reason keys (enum order)", list(s["invalid_by_reason"]), reasons)
    e("invalid_by_reason", {k: v for k, v in s["invalid_by_reason"].items() if v}, nonzero)
    e("repairs", s["repairs"],
      {"digit_run": 0, "castling_order": 0, "castling_dropped": 0, "ep_dropped": 0})
    e("notes", s["notes"], {"crlf_lines": 2, "bom_skipped": 1, "fullmove_zero": 1,
                            "epd_records": 3, "with_operations": 2,
                            # line 5 ("-  bm") and line 7 (blanks, tabs) respace; line 7 claims
                            # 5 reversible plies at move 1
                            "whitespace_normalized": 2, "counters_inconsistent": 1})
    e("written", s["written"], 10 if dedupe else 13)
    e("unique", s["unique"], 10 if dedupe else None)
    e("duplicates", s["duplicates"], 3 if dedupe else 0)
    e("excluded", s["excluded"], 0)
    e("filtered", s["filtered"], 0)
    e("rare", s["rare"], 0)
    e("filtered_by_where", s["filtered_by_where"], [])
    e("uniqueness", s["uniqueness"], None)
    e("splits", s["splits"], [])
    e("written_to_output", s["written_to_output"], s["written"])
    skipped = s["skipped"]["blank"] + s["skipped"]["comment"] + s["skipped"]["header"]
    e("lines == written + duplicates + excluded + invalid + skipped", s["lines"],
      s["written"] + s["duplicates"] + s["excluded"] + s["invalid"] + skipped)
    e("reconciliation", s["reconciliation"],
      {"lines": 35, "written": s["written"], "duplicates": s["duplicates"], "excluded": 0,
       "filtered": 0, "unsampled": 0, "rare": 0, "invalid": 18, "skipped": 4, "balanced": True})
    e("per_input", s["per_input"], [
        {"path": "mixed.fen", "lines": 35, "valid": 13, "invalid": 18,
         "invalid_by_reason": nonzero, "skipped": {"blank": 2, "comment": 2, "header": 0, "record_lines": 0},
         "duplicates": 3 if dedupe else 0, "excluded": 0, "filtered": 0, "unsampled": 0, "rare": 0,
         "written": 10 if dedupe else 13}])
    e("reference", s["reference"], None)
    e("written_positions members", list(s["written_positions"]),
      ["side_to_move", "castling", "piece_count", "top_material"])
    p = s["positions"]
    e("side_to_move", p["side_to_move"], {"white": 10, "black": 3})
    e("castling", p["castling"], {"none": 2, "standard": 9, "chess960": 2})
    e("legal_ep", p["legal_ep"], 2)
    e("in_check", p["in_check"], 0)
    e("piece_count", {k: v for k, v in p["piece_count"].items() if v}, {"5": 1, "6": 1, "32": 11})
    e("piece_count keys", list(p["piece_count"]), [str(n) for n in range(2, 41)])
    e("top_material[0]", p["top_material"][0], {"signature": start, "board": "8x8", "count": 11})
    e("top_material rest", sorted((m["signature"], m["count"]) for m in p["top_material"][1:]),
      [("KPvKRP", 1), ("KRRvKRR", 1)])
    repeated = sorted((m["position"], m["count"]) for m in s["most_repeated"])
    e("most_repeated", repeated, sorted([
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 2),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -", 2),
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6", 2)]) if dedupe else [])
    for k in ("wall_seconds", "mb_per_second", "positions_per_second"):
        if not isinstance(s[k], (int, float)) or s[k] < 0:
            failures.append(f"{path}: {k}: {s[k]!r}")
    if not isinstance(s["threads"], int) or s["threads"] < 1:
        failures.append(f"{path}: threads: {s['threads']!r}")

# Two inputs: second.fen's startpos line repeats mixed.fen's first line (a duplicate), its
# 4-field king line is valid and new, the line with "junk" is trailing_garbage; one blank, one
# comment.
s = json.load(open(sys.argv[4]))
def e(what, got, want): expect(f"two.json: {what}", got, want)
e("inputs", s["inputs"], ["mixed.fen", "second.fen"])
e("options.top", s["options"]["top"], 7)
e("per_input[0]", s["per_input"][0],
  {"path": "mixed.fen", "lines": 35, "valid": 13, "invalid": 18, "invalid_by_reason": nonzero,
   "skipped": {"blank": 2, "comment": 2, "header": 0, "record_lines": 0}, "duplicates": 3, "excluded": 0,
   "filtered": 0, "unsampled": 0, "rare": 0, "written": 10})
e("per_input[1]", s["per_input"][1],
  {"path": "second.fen", "lines": 5, "valid": 2, "invalid": 1,
   "invalid_by_reason": {"trailing_garbage": 1},
   "skipped": {"blank": 1, "comment": 1, "header": 0, "record_lines": 0}, "duplicates": 1, "excluded": 0,
   "filtered": 0, "unsampled": 0, "rare": 0, "written": 1})
e("lines", s["lines"], 40)
e("invalid_by_reason.trailing_garbage", s["invalid_by_reason"]["trailing_garbage"], 2)
e("written, duplicates", (s["written"], s["duplicates"]), (11, 4))

for f in failures:
    print(f)
sys.exit(1 if failures else 0)
PY
