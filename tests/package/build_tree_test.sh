#!/usr/bin/env bash
# The build tree as a package, nothing installed: consumer/ built with find_package(fenbatch)
# and fenbatch_DIR=<this build tree>, linking this build's libraries, then run on
# consumer/sample.fen. Run by ctest: tests/package/CMakeLists.txt passes the build's facts in
# the environment (see package_checks.sh; here also FENBATCH_BINARY_DIR and
# FENBATCH_PIPELINE_FILE, the build's fenbatch_pipeline library).
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/package_checks.sh"

# A sanitizer build's static libraries bring the sanitizer's runtime to the link themselves
# (fenbatch::build_options, link-only): no flags here, unlike package_test.sh.
check_cmake_consumer build-tree-consumer -Dfenbatch_DIR="$FENBATCH_BINARY_DIR" \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
consumer_build="$work/build-tree-consumer"

# The library it linked is this build's, not an installed fenbatch found elsewhere.
grep -rqF --exclude=CMakeCache.txt "$FENBATCH_PIPELINE_FILE" "$consumer_build" ||
  fail "the consumer did not link $FENBATCH_PIPELINE_FILE"
# The build's own compile options (warnings, -march, sanitizers) stay fenbatch's.
[ -f "$consumer_build/compile_commands.json" ] || fail "no compile_commands.json in the consumer"
if grep -nE -- '-Werror|-Wall|-march|-fsanitize|-fprofile' "$consumer_build/compile_commands.json"; then
  fail "the consumer compiles with the build's own options (above)"
fi
