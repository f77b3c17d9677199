#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Installs dependencies (if missing), configures and builds Vernier (Release) into build/, or into
# $VERNIER_BUILD_DIR. Arguments name the targets to build (default: everything, tests included), e.g.
#   scripts/build.sh vernier vernier-cli
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
jobs=${VERNIER_JOBS:-$(nproc)}
dir=${VERNIER_BUILD_DIR:-build}
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
cmake --build "$dir" -j "$jobs" "${targets[@]}"
