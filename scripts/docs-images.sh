#!/usr/bin/env bash
# Regenerates docs/images/ (the README's pictures) from the embedded sample with the built binaries:
# the eight main-window views and a create-and-edit trial inspector at 1400x900, and the three render modes
# of one image-to-CAD pair (the block whose two vertical holes the candidate lacks) at 1200x600.
# Usage: scripts/docs-images.sh [BUILD_DIR]   (needs xvfb-run; run scripts/build.sh first)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
out=docs/images
mkdir -p "$out"
x() { QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1000x24" "$@"; }
for view in leaderboard workflows failures cost heatmap compare pairwise trials; do
  x "$build/bin/vernier" --screenshot "$out/$view.png" --view "$view"
done
x "$build/bin/vernier" --screenshot "$out/trial-inspector.png" --view "trial:freecad-c1b47f5fee__qLhkr8L"
pack=resources/sample/pack/freecad-de56941e17/tests/reference.FCStd
answer=resources/sample/results/2026-09-16__08-03-55/freecad-de56941e17__KWQBK3H/artifacts/app/answer.FCStd
for mode in side-by-side overlay deviation; do
  x "$build/bin/vernier-cli" render --reference "$pack" --candidate "$answer" --mode "$mode" \
    --out "$out/render-$mode.png" --size 1200x600
done
echo "wrote $(ls "$out" | wc -l) images to $out"
