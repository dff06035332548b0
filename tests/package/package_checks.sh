# Sourced by the tests/package scripts: what they check in an installed prefix or a build tree,
# and the results for consumer/sample.fen, worked out by hand. The caller sets `work`
# (a temporary folder it removes) and ctest passes the build's facts in the environment
# (tests/package/CMakeLists.txt): FENBATCH_SOURCE_DIR, FENBATCH_VERSION, FENBATCH_CMAKE,
# FENBATCH_CXX, FENBATCH_LIBDIR, FENBATCH_SANITIZE, FENBATCH_DISTRIBUTED, CMAKE_GENERATOR.
: "${work:?set by the caller}"

cmake="${FENBATCH_CMAKE:-cmake}"
consumer_dir="$FENBATCH_SOURCE_DIR/tests/package/consumer"
sample="$consumer_dir/sample.fen"
libdir="$FENBATCH_LIBDIR"

# sample.fen: the start position; the position after 1.e4, whose e3 square goes (no black pawn
# can take en passant); a blank line; a line that is no position; the start position again
# after 1.Nf3 Nf6 2.Ng1 Ng8 (other move counters, the same position: a duplicate).
expected_output='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
expected_consumer_stdout="fenbatch $FENBATCH_VERSION
lines 5, valid 3, invalid 1, duplicates 1, written 2"

fail() {
  printf 'FAIL: %s\n' "$*" >&2
  exit 1
}

# Runs a command with its output in $work/NAME.log, shown if it fails.
quietly() {
  local name=$1
  shift
  if ! "$@" >"$work/$name.log" 2>&1; then
    cat "$work/$name.log" >&2
    fail "$name: $*"
  fi
}

check_file() {  # FILE
  [ -f "$1" ] || fail "not installed: $1"
}

# A dedupe of sample.fen by WHAT wrote FILE.
check_dedupe_output() {  # FILE WHAT
  [ "$(cat "$1")" = "$expected_output" ] ||
    fail "$2 wrote"$'\n'"$(cat "$1")"$'\n'"instead of"$'\n'"$expected_output"
}

# Runs a consumer program on sample.fen and checks what it printed and wrote.
check_consumer_run() {  # PROGRAM NAME
  local output="$work/$2.out.fen" stdout
  stdout=$("$1" "$sample" "$output") || fail "$2 exited with status $?"
  [ "$stdout" = "$expected_consumer_stdout" ] ||
    fail "$2 printed"$'\n'"$stdout"$'\n'"instead of"$'\n'"$expected_consumer_stdout"
  check_dedupe_output "$output" "$2"
}

# Builds consumer/ with CMake (find_package), told where the package is by CMAKE_ARGS, into
# $work/NAME and runs it.
check_cmake_consumer() {  # NAME CMAKE_ARGS...
  local name=$1
  shift
  quietly "$name.configure" "$cmake" -S "$consumer_dir" -B "$work/$name" \
    -DCMAKE_CXX_COMPILER="$FENBATCH_CXX" "$@"
  quietly "$name.build" "$cmake" --build "$work/$name"
  check_consumer_run "$work/$name/consumer" "$name"
}

# Builds consumer/main.cpp with the compiler and fenbatch.pc alone, as the README shows it.
build_pkg_config_consumer() {  # PREFIX NAME [COMPILER_ARGS...]
  local prefix=$1 name=$2 flags
  shift 2
  flags=$(PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig" pkg-config --cflags --libs fenbatch) ||
    fail "pkg-config --cflags --libs fenbatch"
  # shellcheck disable=SC2086 # the flags are words, as in $(pkg-config ...)
  quietly "$name.build" "$FENBATCH_CXX" -std=c++20 "$consumer_dir/main.cpp" -o "$work/$name" \
    $flags "$@"
}

# The installed programs: every library found, their version and a dedupe of sample.fen by
# bin/fenbatch.
check_installed_programs() {  # PREFIX
  local version program
  for program in "$1"/bin/*; do
    if ldd "$program" | grep 'not found'; then fail "$program misses libraries (above)"; fi
  done
  version=$("$1/bin/fenbatch" --version) || fail "bin/fenbatch --version"
  [ "${version%%$'\n'*}" = "fenbatch $FENBATCH_VERSION" ] ||
    fail "bin/fenbatch --version printed: $version"
  version=$("$1/bin/fenbatch-gen" --version) || fail "bin/fenbatch-gen --version"
  [ "$version" = "fenbatch-gen $FENBATCH_VERSION" ] ||
    fail "bin/fenbatch-gen --version printed: $version"
  quietly fenbatch.dedupe "$1/bin/fenbatch" --dedupe "$sample" "$work/fenbatch.out.fen"
  check_dedupe_output "$work/fenbatch.out.fen" "bin/fenbatch --dedupe"
}
