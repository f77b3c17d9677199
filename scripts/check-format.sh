#!/usr/bin/env bash
# Fails when any tracked C++ file differs from .clang-format.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.cpp' '*.h' 2>/dev/null || find app ui models viewers scoring tests bench -name '*.cpp' -o -name '*.h')
[ -z "$files" ] && exit 0
bad=$(echo "$files" | xargs clang-format --dry-run 2>&1 | grep -oE '^[^:]+\.(cpp|h)' | sort -u || true)
if [ -n "$bad" ]; then
  echo "clang-format: these files need formatting (run: clang-format -i FILE):"; echo "$bad"; exit 1
fi
echo "clang-format: clean"
