#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# One command: set everything up, build, and run every test (unit, integration, CLI contract, GUI under Xvfb),
# then check formatting. Exit status is non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/build.sh
echo "== build finished in $(( $(date +%s) - start )) s"
export QT_QPA_PLATFORM=xcb
# -noreset: Xvfb otherwise resets whenever its last client disconnects, and a GUI test that connects during the
# reset fails with "could not connect to display" (seen twice in 540 tests). A test that still fails is run once
# more (--repeat until-pass:2; the first failure stays in the log), so only a failure that repeats is red.
xvfb-run -a -s "-screen 0 1600x1000x24 -noreset" \
  ctest --test-dir "${VERNIER_BUILD_DIR:-build}" --output-on-failure -j "${VERNIER_TEST_JOBS:-2}" --timeout 900 \
  --repeat until-pass:2
# The Debian package: built in build-deb/ and checked by lintian, desktop-file-validate and appstreamcli. A fresh
# package build takes about 5 minutes here (VERNIER_LINTIAN=0 skips it locally); the ctest install.staged
# above validates the installed desktop file, AppStream metadata, MIME types, copyright and changelog every time.
if [ "${VERNIER_LINTIAN:-1}" = 1 ]; then
  package_start=$(date +%s)
  bash scripts/check-package.sh
  # The packaging step twice from that build, compared byte for byte (about a minute; the full two-build check,
  # scripts/check-reproducible.sh without arguments, is too long for every run: docs/packaging.md).
  bash scripts/check-reproducible.sh --package-only "${VERNIER_DEB_BUILD_DIR:-build-deb}"
  echo "== package check finished in $(( $(date +%s) - package_start )) s"
fi
# The headless suite again under AddressSanitizer + UndefinedBehaviorSanitizer (leak checking on).
# VERNIER_SKIP_ASAN=1 skips it for quick local runs; CI always runs it.
if [ "${VERNIER_SKIP_ASAN:-0}" != 1 ]; then
  asan_start=$(date +%s)
  if [ ! -f build-asan/CMakeCache.txt ]; then
    cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVERNIER_SANITIZE=ON \
      -DVERNIER_BUILD_GUI=OFF -DVERNIER_BUILD_BENCH=OFF >/dev/null
  fi
  cmake --build build-asan -j "${VERNIER_JOBS:-$(nproc)}"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "${VERNIER_TEST_JOBS:-2}" --timeout 1200
  echo "== sanitizer pass finished in $(( $(date +%s) - asan_start )) s"
  # The GUI tests of tests/sanitizers/gui-tests.txt under ASan+UBSan on Xvfb, in the same build directory
  # (VERNIER_SKIP_GUI_ASAN=1 skips them).
  if [ "${VERNIER_SKIP_GUI_ASAN:-0}" != 1 ]; then
    bash scripts/test-gui-asan.sh
  fi
fi
bash scripts/check-format.sh
echo "== all tests passed in $(( $(date +%s) - start )) s"
