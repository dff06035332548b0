#!/usr/bin/env bash
# BUILD_SHARED_LIBS=ON: builds the libraries and programs from the sources (Release, no tests),
# installs them into a temporary prefix, deletes the build, then builds and runs consumer/
# against the shared libraries (with CMake and with pkg-config) and runs the installed programs,
# which find the libraries through their RPATH. Run by ctest (tests/package/CMakeLists.txt),
# which passes the build's facts in the environment (see package_checks.sh; here also
# FENBATCH_BINARY_DIR, FENBATCH_WERROR, FENBATCH_CXX_LAUNCHER). Takes minutes: it compiles
# everything (ccache, where CMAKE_CXX_COMPILER_LAUNCHER names it, makes a rerun fast).
set -euo pipefail
work=$(mktemp -d)
# The build goes inside this build tree: under CCACHE_BASEDIR, its paths then hash alike from
# run to run, whatever the folder's random name.
build=$(mktemp -d "$FENBATCH_BINARY_DIR/package-shared.XXXXXX")
trap 'rm -rf "$work" "$build"' EXIT
source "$(dirname "$0")/package_checks.sh"
prefix="$work/prefix"

launcher="${CMAKE_CXX_COMPILER_LAUNCHER:-${FENBATCH_CXX_LAUNCHER:-}}"
quietly configure "$cmake" -S "$FENBATCH_SOURCE_DIR" -B "$build" -DBUILD_SHARED_LIBS=ON \
  -DFENBATCH_BUILD_TESTS=OFF -DFENBATCH_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$FENBATCH_CXX" -DCMAKE_CXX_COMPILER_LAUNCHER="$launcher" \
  -DFENBATCH_WERROR="$FENBATCH_WERROR" -DFENBATCH_BUILD_PYTHON=OFF
quietly build "$cmake" --build "$build"
quietly install "$cmake" --install "$build" --prefix "$prefix"
# From here on only the installed files: nothing can find the libraries in the build.
rm -rf "$build"

# Each library: the shared object, its soname link and the development link.
IFS=. read -r major minor _ <<<"$FENBATCH_VERSION"
libraries=(fenbatch_core fenbatch_pipeline)
if [ "$FENBATCH_DISTRIBUTED" = ON ]; then libraries+=(fenbatch_distributed); fi
for library in "${libraries[@]}"; do
  soname="lib$library.so.$major.$minor"
  check_file "$prefix/$libdir/lib$library.so.$FENBATCH_VERSION"
  [ "$(readlink "$prefix/$libdir/$soname")" = "lib$library.so.$FENBATCH_VERSION" ] ||
    fail "$libdir/$soname is not a link to lib$library.so.$FENBATCH_VERSION"
  [ "$(readlink "$prefix/$libdir/lib$library.so")" = "$soname" ] ||
    fail "$libdir/lib$library.so is not a link to $soname"
  readelf -d "$prefix/$libdir/lib$library.so" | grep "Library soname: \[$soname\]" >/dev/null ||
    fail "lib$library.so has not the soname $soname"
  if compgen -G "$prefix/$libdir/lib$library.a" >/dev/null; then fail "installed: lib$library.a"; fi
done

# PROGRAM loads LIBRARY from the prefix (not from some other installation).
check_loads_from_prefix() {  # PROGRAM LIBRARY
  ldd "$1" | grep "lib$2\.so\.$major\.$minor => $prefix/" >/dev/null ||
    fail "$1 does not load lib$2 from $prefix:"$'\n'"$(ldd "$1")"
}

check_installed_programs "$prefix"
check_loads_from_prefix "$prefix/bin/fenbatch" fenbatch_pipeline
check_loads_from_prefix "$prefix/bin/fenbatch" fenbatch_core
check_loads_from_prefix "$prefix/bin/fenbatch-gen" fenbatch_pipeline
if [ "$FENBATCH_DISTRIBUTED" = ON ]; then
  check_loads_from_prefix "$prefix/bin/fenbatch-mpi" fenbatch_distributed
fi

check_cmake_consumer cmake-consumer -DCMAKE_PREFIX_PATH="$prefix"
check_loads_from_prefix "$work/cmake-consumer/consumer" fenbatch_pipeline

# Linking shared libraries needs none of their dependencies: fenbatch.pc keeps them private.
pc_libs=$(PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig" pkg-config --libs fenbatch)
case " $pc_libs " in
  *" -ltbb "* | *" -lboost_iostreams "*) fail "pkg-config --libs fenbatch: $pc_libs" ;;
esac
build_pkg_config_consumer "$prefix" pkg-config-consumer
# pkg-config gives no RPATH: the loader is told where the prefix's libraries are.
LD_LIBRARY_PATH="$prefix/$libdir" check_consumer_run "$work/pkg-config-consumer" \
  pkg-config-consumer
