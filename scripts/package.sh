#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Builds the Debian package: installs dependencies (if missing), configures a Release build without tests and
# benchmarks in build-deb/ (override with VERNIER_DEB_BUILD_DIR), and runs CPack's DEB generator there.
# Prints the path of the resulting vernier_<version>_<arch>.deb.
# Reproducible: SOURCE_DATE_EPOCH (default: the last commit's time) dates every member of the package and the
# resources Qt's rcc embeds, so two builds of one commit give the same bytes
# (packaging/cpack_project_config.cmake).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && epoch=$(git log -1 --format=%ct 2>/dev/null); then
  export SOURCE_DATE_EPOCH=$epoch
fi
dir=${VERNIER_DEB_BUILD_DIR:-build-deb}
jobs=${VERNIER_JOBS:-$(nproc)}
# Debian's hardening flags (dpkg-buildflags with hardening=+all, less -g and -O2: Release's -O3 stands), and the
# source path mapped to "." so the binaries do not depend on where the tree is checked out.
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVERNIER_BUILD_TESTS=OFF -DVERNIER_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS="-D_FORTIFY_SOURCE=2 -fstack-protector-strong -ffile-prefix-map=$PWD=." \
  -DCMAKE_EXE_LINKER_FLAGS="-Wl,-z,relro -Wl,-z,now" >/dev/null
cmake --build "$dir" -j "$jobs" --target package
deb=$(ls -t "$dir"/vernier_*.deb | head -n 1)
echo "== $deb"
dpkg-deb --field "$deb" Package Version Architecture Installed-Size Depends
