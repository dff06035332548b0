#!/usr/bin/env bash
# Real --stats-json documents validate against docs/stats.schema.json with a real validator
# (python3-jsonschema): a plain run, a --dedupe run, a run with invalid lines and --rejects over
# two inputs, --top 0, --exclude with --counts and --duplicates, --split with --sample, a CSV input with --payload
# and a compressed output, names that are not UTF-8 (an input, --exclude, --counts, the output:
# their "_quoted" siblings) with --samples above the cap, --uniqueness with --where. Then
# broken documents are refused, so
# the check can fail: a required member missing, a count of the wrong type, a negative count,
# an unknown member, an unknown reason in per_input, a schema_version other than 1, a "samples"
# member incomplete, a "_quoted" sibling of the wrong type or of a member that is no name.
set -euo pipefail
schema="$DATA/../../docs/stats.schema.json"
bash "$DATA/mixed_input.sh" >mixed.fen
printf '%s\n' '4k3/8/8/8/8/8/8/4K3 w - - 0 1' 'not a fen' '' >second.fen
"$FENBATCH" -q --stats-json plain.json -o plain.fen mixed.fen
"$FENBATCH" -q --dedupe --stats-json dedupe.json -o dedupe.fen mixed.fen
"$FENBATCH" -q --dedupe --rejects rejects.txt --stats-json rejects.json -o two.fen \
  mixed.fen second.fen
"$FENBATCH" -q --dedupe --top 0 --stats-json top0.json -o top0.fen mixed.fen
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' 'not a fen' >reference.epd
"$FENBATCH" -q --exclude reference.epd --counts counts.tsv --duplicates dups.txt \
  --stats-json exclude.json -o exclude.fen mixed.fen
printf 'id,FEN,label\n1,4k3/8/8/8/8/8/8/4K3 w - - 0 1,x\n2,bad,y\n' >records.csv
"$FENBATCH" -q --payload --compress gzip --level 1 --stats-json csv.json records.csv out.csv.gz
cp mixed.fen $'in\xff.fen'
cp reference.epd $'ref\x80.epd'
"$FENBATCH" -q --dedupe --samples 500 --exclude $'ref\x80.epd' --counts $'counts\xfe.tsv' \
  --stats-json names.json -o $'out\xfd.fen' $'in\xff.fen' second.fen
"$FENBATCH" -q --uniqueness --where 'pieces > 2' --stats-json uniqueness.json -o u.fen mixed.fen
"$FENBATCH" -q --dedupe --split test=50%:t.fen --split valid=0.25:v.fen.zst --sample 90% \
  --stats-json split.json -o split.fen mixed.fen
# Which occurrence survives (issue 28): every option, rare lines in the counters.
"$FENBATCH" -q --keep last --max-per-position 2 --min-count 2 --counts survivors.tsv \
  --stats-json survivors.json -o survivors.fen mixed.fen second.fen
# --keep max:FIELD (issue 29): the field in options.keep.
"$FENBATCH" -q --keep max:1 --stats-json ranked.json -o ranked.fen mixed.fen
python3 - "$schema" plain.json dedupe.json rejects.json top0.json exclude.json csv.json \
  names.json uniqueness.json split.json survivors.json ranked.json <<'PY'
import copy, json, sys
import jsonschema

schema = json.load(open(sys.argv[1]))
validator_class = jsonschema.validators.validator_for(schema)
assert validator_class is jsonschema.Draft202012Validator, validator_class
validator_class.check_schema(schema)
failures = []
documents = {}
for path in sys.argv[2:]:
    documents[path] = json.load(open(path))
    try:
        jsonschema.validate(documents[path], schema)
    except jsonschema.ValidationError as e:
        failures.append(f"{path}: refused: {e.message} at {list(e.absolute_path)}")
rejects = documents["rejects.json"]
if rejects["invalid"] == 0 or len(rejects["per_input"]) != 2:
    failures.append("rejects.json: expected invalid lines and two inputs")
exclude = documents["exclude.json"]
if exclude["excluded"] == 0 or exclude["reference"] != {
        "files": 1, "lines": 2, "valid": 1, "invalid": 1, "positions": 1}:
    failures.append(f"exclude.json: expected excluded lines and the reference object: {exclude}")
if documents["csv.json"]["skipped"]["header"] != 1:
    failures.append("csv.json: expected one header line")
names = documents["names.json"]
for member, got in (("inputs_quoted", names.get("inputs_quoted")),
                    ("output_quoted", names.get("output_quoted")),
                    ("options.exclude_quoted", names["options"].get("exclude_quoted")),
                    ("options.counts_quoted", names["options"].get("counts_quoted")),
                    ("per_input[0].path_quoted", names["per_input"][0].get("path_quoted")),
                    ("invalid_samples[0].file_quoted", names["invalid_samples"][0].get("file_quoted"))):
    if got is None:
        failures.append(f"names.json: no {member}")
if names["samples"] != {"asked_per_reason": 500, "cap_per_reason": 100, "per_reason": 100,
                        "listed": len(names["invalid_samples"]), "dropped": 0}:
    failures.append(f"names.json: samples {names['samples']}")
for path, document in documents.items():
    if "samples" not in document:
        failures.append(f"{path}: no samples member")

def broken(what, change):
    document = copy.deepcopy(documents["rejects.json"])
    change(document)
    try:
        jsonschema.validate(document, schema)
        failures.append(f"accepted: {what}")
    except jsonschema.ValidationError:
        pass

broken("schema_version missing", lambda d: d.pop("schema_version"))
broken("per_input[0].written missing", lambda d: d["per_input"][0].pop("written"))
broken("lines a string", lambda d: d.update(lines=str(d["lines"])))
broken("valid a float", lambda d: d.update(valid=1.5))
broken("negative duplicates", lambda d: d.update(duplicates=-1))
broken("unknown member", lambda d: d.update(extra=0))
broken("unknown reason in per_input",
       lambda d: d["per_input"][1]["invalid_by_reason"].update(no_such_reason=1))
broken("zero reason in per_input",
       lambda d: d["per_input"][1]["invalid_by_reason"].update(rank_width=0))
broken("reason missing from invalid_by_reason",
       lambda d: d["invalid_by_reason"].pop("json_not_string"))
broken("schema_version 2", lambda d: d.update(schema_version=2))
broken("reference a number", lambda d: d.update(reference=0))
broken("options.top negative", lambda d: d["options"].update(top=-1))
broken("samples.dropped missing", lambda d: d["samples"].pop("dropped"))
broken("samples.listed negative", lambda d: d["samples"].update(listed=-1))
broken("samples.cap_per_reason 0", lambda d: d["samples"].update(cap_per_reason=0))
broken("a _quoted member of a count", lambda d: d.update(lines_quoted="1"))
broken("output_quoted a number", lambda d: d.update(output_quoted=1))
broken("file_quoted null", lambda d: d["invalid_samples"][0].update(file_quoted=None))
broken("inputs_quoted of numbers", lambda d: d.update(inputs_quoted=[1, 2]))
for f in failures:
    print(f)
sys.exit(1 if failures else 0)
PY
