#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Installs Vernier's build and test dependencies from Debian 12's archive.
# Idempotent: when every package is already installed it returns in well under a second.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config git python3
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev libglx-dev
  libxkbcommon-dev
  libocct-foundation-dev libocct-modeling-data-dev libocct-modeling-algorithms-dev
  libocct-visualization-dev libocct-data-exchange-dev libocct-ocaf-dev libocct-draw-dev libtbb-dev
  libeigen3-dev nlohmann-json3-dev libquazip1-qt6-dev zlib1g-dev libnanoflann-dev libtomlplusplus-dev libpugixml-dev libjemalloc-dev libyaml-cpp-dev libsqlite3-dev libssl-dev
  libcli11-dev python3-jsonschema
  libgtest-dev libgmock-dev libbenchmark-dev
  xvfb xauth libgl1-mesa-dri libglx-mesa0 fonts-dejavu-core poppler-utils clang-format zip unzip
  appstream desktop-file-utils lintian
  # tests only: the one-node Slurm cluster of tests/cluster/ (rescoring on Slurm, docs/cluster.md)
  slurm-wlm munge
  # tests only: clicks and keys in the GUI (tests/reliability/rescore_crash.py gui_kill)
  xdotool
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "vernier: installing ${#missing[@]} Debian packages: ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
