#!/usr/bin/env bash
# fenbatch included with add_subdirectory (subproject/): the project configures with the ALIAS
# targets, fenbatch's tests, benchmarks and install rules are off (it is not the top-level
# project), and `cmake --install` of the project installs nothing of fenbatch. Configured only:
# building it would compile the whole library again. Run by ctest (tests/package/CMakeLists.txt
# passes the build's facts in the environment, see package_checks.sh).
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/package_checks.sh"
build="$work/subproject"

quietly configure "$cmake" -S "$FENBATCH_SOURCE_DIR/tests/package/subproject" -B "$build" \
  -DFENBATCH_SOURCE_DIR="$FENBATCH_SOURCE_DIR" -DCMAKE_CXX_COMPILER="$FENBATCH_CXX"
for option in FENBATCH_INSTALL FENBATCH_BUILD_TESTS FENBATCH_BUILD_BENCH; do
  grep -qx "$option:BOOL=OFF" "$build/CMakeCache.txt" ||
    fail "in a subproject, $option is not OFF: $(grep "^$option:" "$build/CMakeCache.txt")"
done
[ ! -e "$build/fenbatch/fenbatchTargets.cmake" ] || fail "a subproject exports fenbatch's targets"
quietly install "$cmake" --install "$build" --prefix "$work/prefix"
installed=$(find "$work/prefix" -type f 2>/dev/null || true)
[ -z "$installed" ] || fail "installed:"$'\n'"$installed"
