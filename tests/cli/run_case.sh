#!/usr/bin/env bash
# Runs one golden CLI case: tests/cli/cases/NAME.sh, in a fresh temporary directory, with
#   FENBATCH, FENBATCH_GEN  the binaries under test
#   DATA                    tests/data (small checked-in inputs)
#   SHARED                  ../shared, or empty when absent
# Then compares what it printed with NAME.stdout, NAME.stderr and NAME.exit when those exist
# (a missing file means "not checked"). The case itself may also assert and exit non-zero.
# Usage: run_case.sh CASE_SCRIPT FENBATCH FENBATCH_GEN DATA SHARED
set -uo pipefail
case_script=$1
export FENBATCH=$2 FENBATCH_GEN=$3 DATA=$4 SHARED=$5
[ -d "$SHARED/corpus" ] || SHARED=""
base=${case_script%.sh}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

bash "$case_script" >stdout 2>stderr
status=$?
failed=0
if [ -f "$base.exit" ]; then
  expected_status=$(cat "$base.exit")
  if [ "$status" != "$expected_status" ]; then
    echo "exit status $status, expected $expected_status"
    failed=1
  fi
elif [ "$status" != 0 ]; then
  echo "case failed with exit status $status"
  failed=1
fi
for stream in stdout stderr; do
  if [ -f "$base.$stream" ] && ! diff -u "$base.$stream" "$stream"; then
    echo "$stream differs from $base.$stream"
    failed=1
  fi
done
if [ "$failed" != 0 ]; then
  echo "--- stdout"; head -c 4000 stdout
  echo "--- stderr"; head -c 4000 stderr
fi
exit "$failed"
