#!/usr/bin/env bash
# Builds the Debian package: installs dependencies (if missing), configures a Release build without tests and
# benchmarks in build-deb/ (override with VERNIER_DEB_BUILD_DIR), and runs CPack's DEB generator there.
# Prints the path of the resulting vernier_<version>_<arch>.deb.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
dir=${VERNIER_DEB_BUILD_DIR:-build-deb}
jobs=${VERNIER_JOBS:-$(nproc)}
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVERNIER_BUILD_TESTS=OFF -DVERNIER_BUILD_BENCH=OFF \
  >/dev/null
cmake --build "$dir" -j "$jobs" --target package
deb=$(ls -t "$dir"/vernier_*.deb | head -n 1)
echo "== $deb"
dpkg-deb --field "$deb" Package Version Architecture Installed-Size Depends
