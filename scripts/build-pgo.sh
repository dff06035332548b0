#!/usr/bin/env bash
# A profile-guided Release build of fenbatch (GCC): an instrumented build runs the main job on
# training corpora with every decoder implementation this CPU has, at one thread and at all,
# then the same build directory is rebuilt with those profiles. The result,
# build/pgo/apps/fenbatch, behaves exactly as build/release/apps/fenbatch (same sources, same
# tests' verdicts); it only runs fewer instructions per line. Not used by the tests or CI.
#
# Usage: scripts/build-pgo.sh [TRAINING.fen ...]
#   Default training: a generated corpus (fenbatch-gen --bytes 64M --seed 11) and, when
#   present, the shared corpora (FENBATCH_SHARED_DIR, else ../shared beside the checkout).
# Needs GCC. Warnings are not errors in this build (-fprofile-use inlines and unrolls
# differently, and GCC's flow warnings vary with it).
set -euo pipefail
export LC_ALL=C

die() { echo "build-pgo.sh: $*" >&2; exit 2; }

# Training files as given, resolved before leaving the caller's directory.
training=()
for f in "$@"; do
  [ -r "$f" ] || die "$f: not readable"
  training+=("$(realpath -- "$f")")
done
cd "$(dirname "$0")/.."

scripts/install-deps.sh
build=build/pgo
profile=$PWD/$build/pgo-profile
work=$(mktemp -d "${TMPDIR:-/tmp}/fenbatch-pgo.XXXXXX")
trap 'rm -rf -- "$work"' EXIT

echo "== instrumented build ($build, FENBATCH_PGO=generate)"
rm -rf -- "$profile"
cmake --preset pgo -DFENBATCH_PGO=generate -DFENBATCH_PGO_DIR="$profile" >/dev/null
cmake --build "$build" --target fenbatch fenbatch-gen

if [ ${#training[@]} -eq 0 ]; then
  "$build/apps/fenbatch-gen" --bytes 64M --seed 11 -o "$work/generated.fen"
  training+=("$work/generated.fen")
  shared=${FENBATCH_SHARED_DIR:-../shared}
  if compgen -G "$shared/corpus/*.epd.zst" >/dev/null && command -v zstd >/dev/null; then
    zstd -qdc "$shared"/corpus/*.epd.zst >"$work/shared.epd"
    training+=("$work/shared.epd")
  fi
fi
# The generator shares the core library: its own run must not count in the profile.
rm -rf -- "$profile"

echo "== training on ${training[*]}"
# Every decoder implementation of the build (the registry's list, which fenbatch names for an
# unknown FENBATCH_FORCE_IMPL), but those this CPU lacks (--version fails at once for them).
built_impls=$(FENBATCH_FORCE_IMPL='?' "$build/apps/fenbatch" --version 2>&1 >/dev/null |
  sed -n 's/.*(built here: \(.*\))$/\1/p' | tr -d ,)
[ -n "$built_impls" ] || die "fenbatch did not list its decoder implementations"
for impl in $built_impls; do
  FENBATCH_FORCE_IMPL=$impl "$build/apps/fenbatch" --version >/dev/null 2>&1 || continue
  for threads in 1 0; do
    for f in "${training[@]}"; do
      FENBATCH_FORCE_IMPL=$impl "$build/apps/fenbatch" -j"$threads" --dedupe -q "$f" /dev/null
    done
  done
done

echo "== optimised build ($build, FENBATCH_PGO=use)"
cmake --preset pgo -DFENBATCH_PGO=use -DFENBATCH_PGO_DIR="$profile" >/dev/null
cmake --build "$build" --target fenbatch
"$build/apps/fenbatch" --version
echo "build-pgo.sh: $build/apps/fenbatch"
