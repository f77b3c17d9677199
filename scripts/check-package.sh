#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Builds the Debian package (scripts/package.sh: build-deb/, or $VERNIER_DEB_BUILD_DIR) and checks it:
#   lintian --fail-on error,warning   (justified overrides: packaging/lintian-overrides, shipped in the package)
#   desktop-file-validate             on the .desktop file the package installs
#   appstreamcli validate --no-net    on the AppStream metadata the package installs
# Every failed check prints one line "check-package: FAIL: <reason>"; the exit status is 1 if any failed.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
failures=0
fail() {
  echo "check-package: FAIL: $*" >&2
  failures=$((failures + 1))
}

log=$(mktemp)
scratch=$(mktemp -d)
trap 'rm -rf "$log" "$scratch"' EXIT
if ! bash scripts/package.sh | tee "$log"; then
  echo "check-package: FAIL: the package does not build (scripts/package.sh, output above)" >&2
  exit 1
fi
deb=$(sed -n 's/^== \(.*\.deb\)$/\1/p' "$log" | tail -n 1)
if [ -z "$deb" ] || [ ! -f "$deb" ]; then
  echo "check-package: FAIL: scripts/package.sh named no .deb" >&2
  exit 1
fi

if ! command -v lintian >/dev/null; then
  fail "lintian is not installed (scripts/deps.sh installs it)"
else
  echo "== lintian $deb"
  if ! lintian --fail-on error,warning --tag-display-limit 0 "$deb"; then
    fail "lintian reports errors or warnings for $deb (listed above)"
  fi
fi

dpkg-deb -x "$deb" "$scratch"
desktop="$scratch/usr/share/applications/vernier.desktop"
metainfo="$scratch/usr/share/metainfo/io.github.vernier.Vernier.metainfo.xml"
echo "== desktop-file-validate usr/share/applications/vernier.desktop"
if [ ! -f "$desktop" ]; then
  fail "the package has no usr/share/applications/vernier.desktop"
elif ! out=$(desktop-file-validate "$desktop" 2>&1) || [ -n "$out" ]; then
  echo "$out"
  fail "desktop-file-validate rejects vernier.desktop: $(echo "$out" | head -n 1)"
fi
echo "== appstreamcli validate --no-net usr/share/metainfo/io.github.vernier.Vernier.metainfo.xml"
if [ ! -f "$metainfo" ]; then
  fail "the package has no usr/share/metainfo/io.github.vernier.Vernier.metainfo.xml"
elif ! appstreamcli validate --no-net "$metainfo"; then
  fail "appstreamcli validate --no-net rejects io.github.vernier.Vernier.metainfo.xml (issues listed above)"
fi

if [ "$failures" -gt 0 ]; then
  echo "check-package: $failures check(s) failed for $deb" >&2
  exit 1
fi
echo "== check-package: $deb passes lintian, desktop-file-validate and appstreamcli in $(( $(date +%s) - start )) s"
