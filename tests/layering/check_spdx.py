#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Every source file of the project carries SPDX licence and copyright tags (docs/packaging.md).

Source files are C++ (*.cpp, *.h), Python (*.py), shell (*.sh), CMake (CMakeLists.txt, *.cmake) and the CI
script, below the project's code folders. Data is not source: under tests/data only the fixture generators
(make_*.py) are, and resources/ (the embedded sample) is data. The tags go in the first comment lines (after a shebang):

    // SPDX-FileCopyrightText: 2026 The Vernier authors
    // SPDX-License-Identifier: Apache-2.0

Usage: check_spdx.py --source DIR [--fix]
Without --fix, exits 1 listing every file without both tags; with --fix, adds them where missing.
"""
import argparse
import os
import sys

FOLDERS = ("app", "bench", "cmake", "figures", "fuzz", "models", "packaging", "scoring", "scripts", "tests", "ui",
           "viewers", "worker", ".ci")
SKIP_DIRS = ("resources",)
LICENSE = "SPDX-License-Identifier: Apache-2.0"
COPYRIGHT = "SPDX-FileCopyrightText: 2026 The Vernier authors"


def comment_prefix(name):
    if name.endswith((".cpp", ".h")):
        return "//"
    if name.endswith((".py", ".sh", ".cmake")) or name in ("CMakeLists.txt", "run"):
        return "#"
    return None


def sources(root):
    for folder in FOLDERS:
        base = os.path.join(root, folder)
        for dirpath, dirnames, filenames in os.walk(base):
            rel_dir = os.path.relpath(dirpath, root)
            dirnames[:] = [d for d in dirnames if not os.path.join(rel_dir, d).startswith(SKIP_DIRS)
                           and not d.startswith("build")]
            for f in sorted(filenames):
                prefix = comment_prefix(f)
                if prefix is None or (folder == ".ci" and f != "run"):
                    continue
                # Under tests/data only the generators are source; the rest is data (agents' answer.py, …).
                if rel_dir.startswith("tests/data") and not (f.startswith("make_") and f.endswith(".py")):
                    continue
                yield os.path.join(dirpath, f), prefix
    top = os.path.join(root, "CMakeLists.txt")
    if os.path.exists(top):
        yield top, "#"


def has_tags(text):
    head = "\n".join(text.splitlines()[:6])
    return LICENSE in head and COPYRIGHT in head


def add_tags(text, prefix):
    lines = text.splitlines(keepends=True)
    tags = [f"{prefix} {COPYRIGHT}\n", f"{prefix} {LICENSE}\n"]
    at = 1 if lines and lines[0].startswith("#!") else 0
    return "".join(lines[:at] + tags + lines[at:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--fix", action="store_true")
    args = ap.parse_args()
    missing = []
    count = 0
    for path, prefix in sources(args.source):
        count += 1
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        if has_tags(text):
            continue
        if args.fix:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(add_tags(text, prefix))
        else:
            missing.append(os.path.relpath(path, args.source))
    if missing:
        print(f"{len(missing)} of {count} source files lack SPDX tags (fix: tests/layering/check_spdx.py "
              f"--source . --fix):")
        for m in missing:
            print("  " + m)
        return 1
    print(f"SPDX tags: {count} source files checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
