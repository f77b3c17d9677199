#!/usr/bin/env bash
# One command: set everything up, build, and run every test (unit, integration, CLI contract, GUI under Xvfb),
# then check formatting. Exit status is non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/build.sh
echo "== build finished in $(( $(date +%s) - start )) s"
export QT_QPA_PLATFORM=xcb
xvfb-run -a -s "-screen 0 1600x1000x24" \
  ctest --test-dir build --output-on-failure -j "${VERNIER_TEST_JOBS:-2}" --timeout 900
bash scripts/check-format.sh
echo "== all tests passed in $(( $(date +%s) - start )) s"
