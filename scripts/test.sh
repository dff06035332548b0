#!/usr/bin/env bash
# Installs what is missing, builds with the given CMake preset (default: release) and runs
# every test of that preset. Usage: scripts/test.sh [release|debug|asan|tsan]
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"

scripts/install-deps.sh
cmake --preset "$preset"
cmake --build --preset "$preset"
ctest --preset "$preset"
