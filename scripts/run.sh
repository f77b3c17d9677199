#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# One command for a new user: set everything up, then open Vernier on the embedded sample bundle.
# Builds only what it opens (vernier, and vernier-cli for its rescoring workers), not the tests, into build/
# or $VERNIER_BUILD_DIR. Extra arguments go to the app, e.g. scripts/run.sh BUNDLE.zip --tasks PACK.zip
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${VERNIER_BUILD_DIR:-build}
bash scripts/build.sh vernier vernier-cli
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "vernier: no display; starting under xvfb-run (screenshots: $dir/bin/vernier --screenshot out.png)" >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$dir/bin/vernier" "$@"
fi
exec "$dir/bin/vernier" "$@"
