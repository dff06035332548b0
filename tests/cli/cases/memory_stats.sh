#!/usr/bin/env bash
# The "memory" member of --stats-json: the budget, what set it, the dedupe mode, and the
# switch, partitions and temporary bytes (0 in memory); real documents validate against
# docs/stats.schema.json, and broken ones are refused (a mode other than memory or
# partitioned, a member missing, an unknown member, a negative count). --stats prints the
# line "memory: 64 MiB budget (--memory-limit); dedupe in memory".
set -euo pipefail
schema="$DATA/../../docs/stats.schema.json"
printf '%s\n' '4k3/8/8/8/8/8/8/4K3 w - - 0 1' '4k3/8/8/8/8/8/8/4K3 w - - 0 1' 'bad' >in.fen
"$FENBATCH" -q --dedupe --memory-limit 64M --stats-json asked.json -o asked.fen in.fen
"$FENBATCH" -q --dedupe --stats-json default.json -o default.fen in.fen
"$FENBATCH" -q --stats-json plain.json -o plain.fen in.fen
"$FENBATCH" --dedupe --samples 0 --memory-limit 64M --stats -o /dev/null in.fen 2>stats.txt
python3 - "$schema" asked.json default.json plain.json stats.txt <<'PY'
import copy, json, sys
import jsonschema

schema = json.load(open(sys.argv[1]))
documents = {path: json.load(open(path)) for path in sys.argv[2:5]}
failures = []
sources = {"--memory-limit", "physical memory", "cgroup memory.max",
           "cgroup memory.limit_in_bytes", "RLIMIT_AS", "RLIMIT_DATA"}
for path, d in documents.items():
    try:
        jsonschema.validate(d, schema)
    except jsonschema.ValidationError as e:
        failures.append(f"{path}: refused: {e.message} at {list(e.absolute_path)}")
    keys = list(d)
    if keys[keys.index("threads") + 1] != "memory":
        failures.append(f"{path}: memory does not follow threads: {keys}")
    m = d["memory"]
    if {k: m[k] for k in ("dedupe", "lines_before_switch", "partitions", "temp_bytes")} != {
            "dedupe": "memory", "lines_before_switch": 0, "partitions": 0, "temp_bytes": 0}:
        failures.append(f"{path}: three lines fit in memory: {m}")
    if m["limit_bytes"] < 16 << 20 or m["limit_source"] not in sources:
        failures.append(f"{path}: budget {m}")
    if path == "asked.json" and (m["limit_bytes"], m["limit_source"]) != (
            64 << 20, "--memory-limit"):
        failures.append(f"{path}: asked for 64M: {m}")
    if path == "default.json" and m["limit_source"] == "--memory-limit":
        failures.append(f"{path}: nothing asked: {m}")

summary = [line for line in open(sys.argv[5]) if line.startswith("  memory: ")]
if summary != ["  memory: 64 MiB budget (--memory-limit); dedupe in memory\n"]:
    failures.append(f"--stats memory line: {summary}")

def broken(what, change):
    document = copy.deepcopy(documents["asked.json"])
    change(document["memory"])
    try:
        jsonschema.validate(document, schema)
        failures.append(f"accepted: {what}")
    except jsonschema.ValidationError:
        pass

broken("dedupe 'disk'", lambda m: m.update(dedupe="disk"))
broken("temp_bytes missing", lambda m: m.pop("temp_bytes"))
broken("limit_source missing", lambda m: m.pop("limit_source"))
broken("unknown member", lambda m: m.update(spilled=True))
broken("negative partitions", lambda m: m.update(partitions=-1))
broken("limit_bytes a string", lambda m: m.update(limit_bytes="64M"))
broken("limit_source a number", lambda m: m.update(limit_source=1))
try:
    jsonschema.validate({k: v for k, v in documents["plain.json"].items() if k != "memory"},
                        schema)
    failures.append("accepted: a document without memory")
except jsonschema.ValidationError:
    pass
for f in failures:
    print(f)
sys.exit(1 if failures else 0)
PY
