#!/usr/bin/env bash
# One command for a new user: set everything up, then open Vernier on the embedded sample bundle.
# Extra arguments go to the app, e.g. scripts/run.sh BUNDLE.zip --tasks PACK.zip
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "vernier: no display; starting under xvfb-run (screenshots: build/bin/vernier --screenshot out.png)" >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" build/bin/vernier "$@"
fi
exec build/bin/vernier "$@"
