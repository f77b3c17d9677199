#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
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
# Candidate vs candidate (docs/inspector.md): two systems' trials of one task, the reference as a third view.
x "$build/bin/vernier" --screenshot "$out/candidates.png" --size 1400x900 \
  --view "trial:freecad-578850b93a__u7hyJ93+freecad-578850b93a__Zcex4uy:reference"
# The dark palette on screen (docs/figures.md): Qt's KDE platform theme with a dark colour scheme.
kde=$(mktemp -d)
cat > "$kde/kdeglobals" <<'KDE'
[General]
ColorScheme=VernierDark
widgetStyle=Fusion
[Colors:Window]
BackgroundNormal=35,35,35
BackgroundAlternate=45,45,45
ForegroundNormal=230,230,230
[Colors:View]
BackgroundNormal=28,28,28
BackgroundAlternate=40,40,40
ForegroundNormal=230,230,230
[Colors:Button]
BackgroundNormal=50,50,50
BackgroundAlternate=58,58,58
ForegroundNormal=230,230,230
[Colors:Selection]
BackgroundNormal=61,174,233
ForegroundNormal=255,255,255
KDE
KDE_SESSION_VERSION=5 XDG_CURRENT_DESKTOP=KDE XDG_CONFIG_HOME="$kde" QT_QPA_PLATFORMTHEME=kde \
  x "$build/bin/vernier" --screenshot "$out/leaderboard-dark.png" --view leaderboard
rm -rf "$kde"
pack=resources/sample/pack/freecad-de56941e17/tests/reference.FCStd
answer=resources/sample/results/2026-09-16__08-03-55/freecad-de56941e17__KWQBK3H/artifacts/app/answer.FCStd
for mode in side-by-side overlay deviation; do
  x "$build/bin/vernier-cli" render --reference "$pack" --candidate "$answer" --mode "$mode" \
    --out "$out/render-$mode.png" --size 1200x600
done
echo "wrote $(ls "$out" | wc -l) images to $out"
