#!/usr/bin/env bash
# Installs the Debian packages fenbatch needs, only those missing. Uses sudo when not root.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config zstd
  libboost-iostreams-dev libboost-program-options-dev libtbb-dev libxxhash-dev libzstd-dev
  libgtest-dev libbenchmark-dev libsimdjson-dev
  # fenbatch-mpi and its tests
  openmpi-bin libopenmpi-dev
  # the statistics schema test
  python3-jsonschema
  # the Python module (python/) and its tests
  pybind11-dev python3-dev python3-numpy python3-pytest
  # the reliability tests: fault injection, archives, limits, file systems
  strace fiu-utils procps util-linux e2fsprogs python3 gzip bzip2 xz-utils
  # the man pages and shell completion, and their tests
  man-db groff-base bash-completion
  # the HTML report's browser test: headless Chromium driven over its DevTools protocol
  chromium python3-websocket fonts-dejavu-core
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
