#!/usr/bin/env bash
# Runs the reliability cases outside ctest, each through tests/cli/run_case.sh, with a time per
# case and a closing "N passed, N failed" line.
# Usage: tests/reliability/run_all.sh [BUILD_DIR [PATTERN]]
#   BUILD_DIR  default build/release (uses apps/fenbatch and apps/fenbatch-gen there)
# DATA is tests/data, as for the CLI cases.
#   PATTERN    only cases whose file name matches this glob (default *)
# SHARED is ../shared beside the checkout when present (FENBATCH_SHARED_DIR overrides).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build/release}" && pwd)
pattern=${2:-*}
shared=${FENBATCH_SHARED_DIR:-$root/../shared}
passed=0 failed=0 failures=()
start_all=$(date +%s.%N)
for case_script in "$here"/cases/$pattern.sh; do
  name=$(basename "$case_script" .sh)
  start=$(date +%s.%N)
  if output=$(timeout 600 bash "$root/tests/cli/run_case.sh" "$case_script" "$build/apps/fenbatch" \
                 "$build/apps/fenbatch-gen" "$root/tests/data" "$shared" 2>&1); then
    passed=$((passed + 1)); verdict=ok
  else
    failed=$((failed + 1)); verdict=FAILED; failures+=("$name")
  fi
  printf '%-48s %-6s %6.1fs\n' "reliability.$name" "$verdict" "$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
  [ "$verdict" = ok ] || printf '%s\n' "$output" | sed 's/^/    /' | head -n 40
done
printf 'total %.1fs\n' "$(awk -v a="$start_all" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
[ "${#failures[@]}" = 0 ] || printf 'failed: %s\n' "${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
