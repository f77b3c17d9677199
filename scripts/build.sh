#!/usr/bin/env bash
# Installs dependencies (if missing), configures and builds Vernier into build/ (Release).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
jobs=${VERNIER_JOBS:-$(nproc)}
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build -j "$jobs"
