#!/usr/bin/env bash
# Checks tests/reliability/catalogue.tsv, the map from RELIABILITY.md case IDs to tests:
# - every ID of $SHARED/RELIABILITY.md has exactly one row, and no row names an unknown ID (when
#   SHARED is unset or has no RELIABILITY.md, the IDs listed in the TSV itself are checked, and
#   that is said);
# - every row names at least one test that runs in CI (not only a scale-tier script);
# - every named test exists: reliability.X -> tests/reliability/cases/X.sh, cli.X ->
#   tests/cli/cases/X.sh, distributed.run.X -> tests/distributed/runs/cases/X.sh (fenbatch-mpi's
#   cases, run where MPI is found), Suite.Name -> listed by --gtest_list_tests of one of the
#   test binaries given as arguments, "scale-tier: PATH" -> PATH in the repository;
# - every reliability case file is named by some row.
# Usage: [SHARED=../shared] check_catalogue.sh [GTEST_BINARY...]
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
lists=$(mktemp)
trap 'rm -f "$lists"' EXIT
for binary in "$@"; do
  "$binary" --gtest_list_tests >>"$lists" 2>/dev/null || { echo "FAIL: $binary --gtest_list_tests failed"; exit 1; }
  echo "# end of $binary" >>"$lists"
done
catalogue=""
if [ -n "${SHARED:-}" ] && [ -f "$SHARED/RELIABILITY.md" ]; then catalogue="$SHARED/RELIABILITY.md"; fi
python3 - "$here/catalogue.tsv" "$root" "$lists" "$catalogue" "$#" <<'PY'
import os, re, sys
tsv, root, lists, catalogue, nbinaries = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
problems = []

# GoogleTest names from --gtest_list_tests ("Suite." lines, then "  Name" lines).
gtests, suite = set(), None
for line in open(lists):
    line = line.rstrip("\n")
    if not line or line.startswith("#") or line.startswith("Running main()"):
        continue
    if not line.startswith(" "):
        suite = line.split()[0].rstrip(".")
    elif suite:
        gtests.add(f"{suite}.{line.split()[0]}")

rows = {}
for n, line in enumerate(open(tsv), 1):
    line = line.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    fields = line.split("\t")
    if len(fields) != 3:
        problems.append(f"catalogue.tsv:{n}: {len(fields)} tab-separated fields, expected 3"); continue
    cid, tests, _note = fields
    if not re.fullmatch(r"[A-GI]\d\d", cid):
        problems.append(f"catalogue.tsv:{n}: bad ID {cid!r}"); continue
    if cid in rows:
        problems.append(f"catalogue.tsv:{n}: {cid} has a second row")
    rows[cid] = (n, tests.split())

if catalogue:
    ids = re.findall(r"^\| ([A-GI]\d\d) \|", open(catalogue).read(), re.M)
    source = f"{catalogue} ({len(ids)} IDs)"
    for cid in ids:
        if cid not in rows:
            problems.append(f"{cid}: in RELIABILITY.md but has no row in catalogue.tsv")
    for cid in rows:
        if cid not in ids:
            problems.append(f"{cid}: row in catalogue.tsv but not an ID of RELIABILITY.md")
else:
    ids = sorted(rows)
    source = f"the IDs listed in catalogue.tsv itself ({len(ids)}; SHARED/RELIABILITY.md not available)"

named_cases, gtest_names, ci_tests, unchecked = set(), 0, 0, set()
for cid, (n, tokens) in sorted(rows.items()):
    ci = 0
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t == "scale-tier:":
            if i + 1 >= len(tokens):
                problems.append(f"{cid}: 'scale-tier:' without a path"); break
            path = tokens[i + 1]
            if not os.path.isfile(os.path.join(root, path)):
                problems.append(f"{cid}: scale-tier script {path} does not exist")
            i += 2
            continue
        i += 1
        if t.startswith("reliability."):
            name = t[len("reliability."):]
            named_cases.add(name)
            if not os.path.isfile(os.path.join(root, "tests/reliability/cases", name + ".sh")):
                problems.append(f"{cid}: {t}: no tests/reliability/cases/{name}.sh")
        elif t.startswith("cli."):
            name = t[len("cli."):]
            if not os.path.isfile(os.path.join(root, "tests/cli/cases", name + ".sh")):
                problems.append(f"{cid}: {t}: no tests/cli/cases/{name}.sh")
        elif t.startswith("distributed.run."):
            name = t[len("distributed.run."):]
            if not os.path.isfile(os.path.join(root, "tests/distributed/runs/cases", name + ".sh")):
                problems.append(f"{cid}: {t}: no tests/distributed/runs/cases/{name}.sh")
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_/]*", t):
            gtest_names += 1
            if nbinaries == 0:
                unchecked.add(t)
            elif t not in gtests:
                problems.append(f"{cid}: {t}: not listed by the GoogleTest binaries given")
        else:
            problems.append(f"{cid}: {t!r}: not a test name"); continue
        ci += 1
    if ci == 0:
        problems.append(f"{cid}: no test that runs in CI")
    ci_tests += ci

if unchecked:
    problems.append(f"{len(unchecked)} GoogleTest names not checked: pass the test binaries "
                    "(fenbatch_core_tests, fenbatch_pipeline_tests) as arguments")
cases_dir = os.path.join(root, "tests/reliability/cases")
for f in sorted(os.listdir(cases_dir)):
    if f.endswith(".sh") and f[:-3] not in named_cases:
        problems.append(f"tests/reliability/cases/{f}: named by no row of catalogue.tsv")

print(f"checked against {source}: {len(rows)} rows, {ci_tests} test references "
      f"({gtest_names} GoogleTest names against {nbinaries} binaries)")
for p in problems:
    print("FAIL:", p)
sys.exit(1 if problems else 0)
PY
