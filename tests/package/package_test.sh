#!/usr/bin/env bash
# Installs this build tree into a temporary prefix and checks what a user gets there: the
# layout, the version, the installed programs, and consumer/ (a program using the library)
# built against the package with CMake's find_package and with pkg-config, deduplicating
# consumer/sample.fen. Run by ctest: tests/package/CMakeLists.txt passes the build's facts in
# the environment (see package_checks.sh; here also FENBATCH_BINARY_DIR, FENBATCH_LIBRARY_FILES).
set -euo pipefail
work=$(mktemp -d)
# `cmake --install` lists what it installed in the build tree's install_manifest.txt: the
# list of the user's own installation, if any, is put back.
manifest="$FENBATCH_BINARY_DIR/install_manifest.txt"
if [ -f "$manifest" ]; then cp -p "$manifest" "$work/install_manifest.txt"; fi
restore_manifest() {
  if [ -f "$work/install_manifest.txt" ]; then
    mv -f "$work/install_manifest.txt" "$manifest"
  else
    rm -f "$manifest"
  fi
}
trap 'restore_manifest; rm -rf "$work"' EXIT
source "$(dirname "$0")/package_checks.sh"
prefix="$work/prefix"

quietly install "$cmake" --install "$FENBATCH_BINARY_DIR" --prefix "$prefix"

# --- The layout -----------------------------------------------------------------------------
programs=(fenbatch fenbatch-gen)
if [ "$FENBATCH_DISTRIBUTED" = ON ]; then programs+=(fenbatch-mpi); fi
for program in "${programs[@]}"; do
  check_file "$prefix/bin/$program"
  check_file "$prefix/share/man/man1/$program.1"
  cmp -s "$prefix/share/man/man1/$program.1" "$FENBATCH_SOURCE_DIR/apps/man/$program.1" ||
    fail "share/man/man1/$program.1 differs from apps/man/$program.1"
  # bash-completion loads completions/NAME when NAME is first completed.
  cmp -s "$prefix/share/bash-completion/completions/$program" \
    "$FENBATCH_SOURCE_DIR/apps/completion/fenbatch.bash" ||
    fail "share/bash-completion/completions/$program is not apps/completion/fenbatch.bash"
done
cmp -s "$prefix/share/doc/fenbatch/LICENSE" "$FENBATCH_SOURCE_DIR/LICENSE" ||
  fail "share/doc/fenbatch/LICENSE is not the LICENSE"
for library in $FENBATCH_LIBRARY_FILES; do check_file "$prefix/$libdir/$library"; done
# The command-line helpers are linked into the programs, not installed.
for internal in fenbatch_cli fenbatch_batch; do
  if compgen -G "$prefix/$libdir/lib$internal*" >/dev/null; then fail "installed: lib$internal"; fi
done
package_dir="$prefix/$libdir/cmake/fenbatch"
for file in fenbatchConfig.cmake fenbatchConfigVersion.cmake fenbatchTargets.cmake \
  FindxxHash.cmake Findzstd.cmake; do
  check_file "$package_dir/$file"
done
check_file "$prefix/$libdir/pkgconfig/fenbatch.pc"
# The public headers and the version header, and nothing from the sources' private parts.
headers=$(cd "$prefix/include/fenbatch" && echo *)
[ "$headers" = "core pipeline version.hpp" ] || fail "include/fenbatch holds: $headers"
check_file "$prefix/include/fenbatch/pipeline/run.hpp"
check_file "$prefix/include/fenbatch/core/position.hpp"

# --- The build's own options stay out of the export -------------------------------------------
# Warnings, -Werror, sanitizers, -march and PGO are fenbatch_options', for fenbatch's own build.
if grep -nE 'fenbatch_options|-Werror|-Wall|-fsanitize|-march|-fprofile' \
  "$package_dir"/fenbatchTargets*.cmake; then
  fail "the exported targets carry the build's own options (above)"
fi

# --- The version ------------------------------------------------------------------------------
IFS=. read -r major minor patch <<<"$FENBATCH_VERSION"
for part in "MAJOR $major" "MINOR $minor" "PATCH $patch" "STRING \"$FENBATCH_VERSION\""; do
  grep -qx "#define FENBATCH_VERSION_${part% *} ${part#* }" \
    "$prefix/include/fenbatch/version.hpp" ||
    fail "include/fenbatch/version.hpp lacks FENBATCH_VERSION_$part"
done
# SameMinorVersion: a 0.x minor release may change the interface.
version_compatible() {  # REQUEST EXPECTED
  local answer
  answer=$("$cmake" -DVERSION_FILE="$package_dir/fenbatchConfigVersion.cmake" -DREQUEST="$1" \
    -P "$FENBATCH_SOURCE_DIR/tests/package/version_compatible.cmake" 2>&1)
  [ "$answer" = "$2" ] || fail "find_package(fenbatch $1) against $FENBATCH_VERSION: $answer"
}
version_compatible "$major.$minor" TRUE
version_compatible "$FENBATCH_VERSION" TRUE
version_compatible "$major.$((minor + 1))" FALSE
version_compatible "$((major + 1)).0" FALSE
if [ "$minor" -gt 0 ]; then version_compatible "$major.$((minor - 1))" FALSE; fi

check_installed_programs "$prefix"

# --- The Python package, where the build made one ----------------------------------------------
if [ -n "${FENBATCH_PYTHON_EXECUTABLE:-}" ]; then
  site="$prefix/$FENBATCH_PYTHON_INSTALL_DIR"
  check_file "$site/fenbatch/__init__.py"
  PYTHONPATH="$site" "$FENBATCH_PYTHON_EXECUTABLE" -c '
import fenbatch, sys
line = "8/8/8/8/8/8/8/K6k w - - 0 1"
p = fenbatch.decode([line, "8/8/8/8 w"])
sys.exit(0 if p.valid.tolist() == [True, False] and p.fens() == [line, None] else 1)' ||
    fail "the installed Python package ($FENBATCH_PYTHON_INSTALL_DIR/fenbatch) does not decode"
fi

# --- Consumers --------------------------------------------------------------------------------
# Every installed header compiles with the installed headers alone (none includes a private one).
(cd "$prefix/include" && find fenbatch -name '*.hpp' | sort | sed 's/.*/#include <&>/') \
  >"$work/all_headers.cpp"
quietly headers "$FENBATCH_CXX" -std=c++20 -fsyntax-only -I"$prefix/include" \
  "$work/all_headers.cpp"

# The consumer gets no compile option of fenbatch's build. A sanitizer build's static libraries
# call the sanitizer's runtime, though: the consumer links it then (its own code uninstrumented).
runtime_flags=()
if [ -n "$FENBATCH_SANITIZE" ]; then runtime_flags=("-fsanitize=$FENBATCH_SANITIZE"); fi
check_cmake_consumer cmake-consumer -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_EXE_LINKER_FLAGS="${runtime_flags[*]}"

build_pkg_config_consumer "$prefix" pkg-config-consumer "${runtime_flags[@]}"
check_consumer_run "$work/pkg-config-consumer" pkg-config-consumer
