#!/usr/bin/env bash
# check_reasons.sh BINARY SOURCE_DIR: the documented lists of rejection reasons are the
# program's own (BINARY --list-reasons, which comes from core's table in fen_errc.hpp):
#   - README.md's "Rejection reasons" table (two pairs of columns, read down the left pair, then
#     down the right one): the same names in the same order, each with its description;
#   - docs/usage.md's "Rejection reasons" table: the same names in the same order, each meaning
#     the description, or the description and a note in parentheses;
#   - docs/stats.schema.json: the reason enum is the same names in the same order, and
#     invalid_by_reason holds exactly one member per reason.
# Descriptions are compared with the Markdown code marks and the quotes around letters left
# out: `w` in the docs is 'w' on the terminal.
# shellcheck source=docs_lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/docs_lib.sh"
[ $# = 2 ] || die "usage: check_reasons.sh BINARY SOURCE_DIR"
binary=$1 source_dir=$2

"$binary" --list-reasons >"$work/reasons" || die "$binary --list-reasons failed"
python3 - "$work/reasons" "$source_dir" <<'PY' || failed=1
import json, re, sys

listed = []
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r"([a-z_0-9]+) {2,}(\S.*)", line)
    if not m:
        sys.exit(f"FAIL: --list-reasons printed {line!r}")
    listed.append(m.groups())
if len(listed) < 37:
    sys.exit(f"FAIL: --list-reasons listed only {len(listed)} reasons")
names = [name for name, _ in listed]
source = sys.argv[2]
failures = []

def plain(text):
    return re.sub(r"[`']", "", text).strip()

def table_after(path, heading):
    """The rows of the first table after `heading`, each a list of its cells."""
    lines = open(f"{source}/{path}").read().splitlines()
    start = lines.index(heading)
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows[2:]  # (the header and the rule under it)

def compare(where, documented, with_note):
    got = [name for name, _ in documented]
    if got != names:
        failures.append(f"{where}: the names differ from --list-reasons:\n"
                        f"  documented: {got}\n  listed:     {names}")
        return
    for (name, meaning), (_, description) in zip(documented, listed):
        ok = plain(meaning) == plain(description) or \
            (with_note and plain(meaning).startswith(plain(description) + " ("))
        if not ok:
            failures.append(f"{where}: {name}: {meaning!r}, but --list-reasons says "
                            f"{description!r}")

def reason_cells(cells):
    return (cells[0].strip("`"), cells[1]) if cells[0] else None

readme = table_after("README.md", "## Rejection reasons")
left = [reason_cells(row[:2]) for row in readme]
right = [reason_cells(row[2:4]) for row in readme]
compare("README.md", [pair for pair in left + right if pair], with_note=False)
compare("docs/usage.md", [reason_cells(row) for row in table_after("docs/usage.md",
                                                                  "### Rejection reasons")],
        with_note=True)

schema = json.load(open(f"{source}/docs/stats.schema.json"))["$defs"]
if schema["reason"]["enum"] != names:
    failures.append(f"docs/stats.schema.json: $defs.reason.enum differs from --list-reasons:\n"
                    f"  schema: {schema['reason']['enum']}\n  listed: {names}")
by_reason = schema["invalid_by_reason"]
if by_reason.get("propertyNames") != {"$ref": "#/$defs/reason"} or \
        by_reason.get("minProperties") != len(names):
    failures.append("docs/stats.schema.json: $defs.invalid_by_reason must take reason names "
                    f"only (propertyNames) and all {len(names)} of them (minProperties)")

for failure in failures:
    print(f"FAIL: {failure}")
sys.exit(1 if failures else 0)
PY
finish
