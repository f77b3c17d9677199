#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# The GUI under AddressSanitizer + UndefinedBehaviorSanitizer, on Xvfb (docs/testing.md "Sanitizers").
# Called by scripts/test.sh after the headless sanitizer pass, in the same build directory (default build-asan):
# it is reconfigured with the GUI, only the GUI test executables listed in tests/sanitizers/gui-tests.txt are
# built (the scorer, models and worker are already built there), each runs under Xvfb with leak detection, and
# the directory is set back to the headless configuration afterwards. Leaks that are not Vernier's (Mesa, X11,
# fontconfig, Qt's platform plugin) are suppressed by name in tests/sanitizers/lsan.supp, each with its reason.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${VERNIER_ASAN_BUILD_DIR:-build-asan}
jobs=${VERNIER_JOBS:-$(nproc)}
start=$(date +%s)

if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVERNIER_SANITIZE=ON -DVERNIER_BUILD_BENCH=OFF >/dev/null
fi
headless() { cmake -S . -B "$dir" -DVERNIER_BUILD_GUI=OFF >/dev/null; }
trap headless EXIT
cmake -S . -B "$dir" -DVERNIER_BUILD_GUI=ON >/dev/null

mapfile -t tests < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' tests/sanitizers/gui-tests.txt | grep .)
cmake --build "$dir" -j "$jobs" --target vernier-rescore-worker vernier-cli vernier-cli-draw "${tests[@]}"
echo "== GUI sanitizer build finished in $(( $(date +%s) - start )) s"

supp=$PWD/tests/sanitizers/lsan.supp
export QT_QPA_PLATFORM=xcb
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export LSAN_OPTIONS=suppressions=$supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1
failed=()
for t in "${tests[@]}"; do
  t_start=$(date +%s)
  if xvfb-run -a -s "-screen 0 1600x1000x24 -noreset" "$dir/tests/bin/$t" --gtest_brief=1 >"$dir/$t.log" 2>&1; then
    echo "== $t passed under ASan+UBSan ($(( $(date +%s) - t_start )) s)"
  else
    echo "== $t FAILED under ASan+UBSan; its output:"
    tail -80 "$dir/$t.log"
    failed+=("$t")
  fi
done
echo "== GUI sanitizer pass finished in $(( $(date +%s) - start )) s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "GUI sanitizer failures: ${failed[*]}" >&2
  exit 1
fi
