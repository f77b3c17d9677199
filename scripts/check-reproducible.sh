#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Reproducible-build check of the Debian package (docs/packaging.md, "Reproducible builds").
#
#   scripts/check-reproducible.sh
#       Two full package builds of the current commit (HEAD; uncommitted changes are not part of it), each in
#       its own clone at its own path ($VERNIER_REPRO_DIR/a/src-a and …/b/src-b, default /tmp/vernier-repro),
#       with one SOURCE_DATE_EPOCH (the commit's time) and scripts/package.sh's -ffile-prefix-map; then the two
#       .deb files are compared byte for byte. Different source paths on purpose: the package must not depend on
#       where the tree was checked out. Two full Release builds: about twice scripts/package.sh's time.
#
#   scripts/check-reproducible.sh --package-only [BUILD_DIR]
#       Packages one existing, already built build tree (default build-deb/) twice with cpack and compares the
#       two .deb files. This proves only the packaging step: staging, strip, .comment removal, member dates,
#       member order, permissions and compression add no variation. It says nothing about the compiler's output
#       (both packages hold the same built binaries).
#
# When the two differ, the differing ar members and files are listed (with diffoscope, when installed, its
# report). Exit status: 0 identical, 1 different, 2 usage or build failure.
# VERNIER_BUILD_LOCK=FILE: every build and cpack run holds that lock (flock) — for machines where several builds
# share the CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
root=${VERNIER_REPRO_DIR:-/tmp/vernier-repro}

locked() {
  if [ -n "${VERNIER_BUILD_LOCK:-}" ]; then
    flock "$VERNIER_BUILD_LOCK" "$@"
  else
    "$@"
  fi
}

# compare A.deb B.deb: 0 when byte-identical; otherwise lists what differs and returns 1.
compare() {
  local a=$1 b=$2
  if cmp -s "$a" "$b"; then
    echo "== reproducible: the two packages are byte-identical ($(sha256sum "$a" | cut -c1-16)…, $(stat -c %s "$a") bytes)"
    return 0
  fi
  echo "== NOT reproducible: $a and $b differ"
  local work
  work=$(mktemp -d)
  for side in a b; do
    mkdir -p "$work/$side/ar" "$work/$side/tree"
    local deb=$a
    [ "$side" = b ] && deb=$b
    (cd "$work/$side/ar" && ar x "$deb")
    dpkg-deb -R "$deb" "$work/$side/tree"
  done
  echo "-- ar members (name, size):"
  diff <(ar tv "$a" | awk '{print $3, $NF}') <(ar tv "$b" | awk '{print $3, $NF}') || true
  for m in $(ar t "$a"); do
    cmp -s "$work/a/ar/$m" "$work/b/ar/$m" || echo "   differs: $m"
  done
  echo "-- files whose bytes differ:"
  diff <(cd "$work/a/tree" && find . -type f -print0 | sort -z | xargs -0 sha256sum) \
    <(cd "$work/b/tree" && find . -type f -print0 | sort -z | xargs -0 sha256sum) || true
  echo "-- data archive listings (mode, owner, size, date, name):"
  diff <(dpkg-deb -c "$a") <(dpkg-deb -c "$b") || true
  if command -v diffoscope >/dev/null; then
    diffoscope --text - "$a" "$b" | head -n 200 || true
  fi
  rm -rf "$work"
  return 1
}

if [ "${1:-}" = "--package-only" ]; then
  dir=${2:-build-deb}
  if [ ! -f "$dir/CPackConfig.cmake" ]; then
    echo "check-reproducible: $dir has no CPackConfig.cmake (configure and build it first: scripts/package.sh)" >&2
    exit 2
  fi
  dir=$(cd "$dir" && pwd)
  rm -rf "$root/pkg-a" "$root/pkg-b"
  for side in a b; do
    mkdir -p "$root/pkg-$side"
    echo "== cpack $side: $dir -> $root/pkg-$side"
    if ! locked cpack -G DEB --config "$dir/CPackConfig.cmake" -B "$root/pkg-$side" >"$root/pkg-$side.log" 2>&1; then
      cat "$root/pkg-$side.log" >&2
      echo "check-reproducible: cpack failed (is $dir fully built? its install rules need the built targets)" >&2
      exit 2
    fi
  done
  compare "$(ls "$root"/pkg-a/vernier_*.deb)" "$(ls "$root"/pkg-b/vernier_*.deb)"
  exit $?
fi
if [ $# -gt 0 ]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
fi

commit=$(git rev-parse HEAD)
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct "$commit")
export SOURCE_DATE_EPOCH
echo "== building $commit twice (SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH) under $root"
for side in a b; do
  src="$root/$side/src-$side"
  rm -rf "${root:?}/$side"
  mkdir -p "$root/$side"
  git clone -q --no-checkout "$PWD" "$src"
  git -C "$src" checkout -q --detach "$commit"
  start=$(date +%s)
  if ! (cd "$src" && locked bash scripts/package.sh) >"$root/$side.log" 2>&1; then
    tail -n 40 "$root/$side.log" >&2
    echo "check-reproducible: build $side failed (log: $root/$side.log)" >&2
    exit 2
  fi
  echo "== build $side: $(( $(date +%s) - start )) s"
done
compare "$(ls "$root"/a/src-a/build-deb/vernier_*.deb)" "$(ls "$root"/b/src-b/build-deb/vernier_*.deb)"
