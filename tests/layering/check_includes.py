#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Layering check (docs/contract.md: app -> ui -> figures -> viewers -> models -> (worker) -> scoring).

The headless layers (scoring/, models/, worker/) never include widget, chart or GUI-layer headers: no Qt
Widgets / Charts / OpenGL widgets / Svg widgets / Print support header, and no header of viewers/, figures/
or ui/. Qt headers are recognised by the module folders CMake passes with --forbidden-qt-dir (a <QFoo> include
is forbidden when QFoo is in one of them) and by their module prefix (<QtWidgets/...>).

Usage: check_includes.py --source DIR [--forbidden-qt-dir DIR]... [--layer NAME]...
Exits 1 and lists every offending line when a layer includes something it must not.
"""
import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
FORBIDDEN_PROJECT_DIRS = ("viewers/", "figures/", "ui/", "app/")
FORBIDDEN_QT_MODULES = ("QtWidgets", "QtCharts", "QtOpenGLWidgets", "QtSvgWidgets", "QtPrintSupport")


def forbidden(include, qt_names):
    if include.startswith(FORBIDDEN_PROJECT_DIRS):
        return "GUI-layer header"
    module = include.split("/", 1)[0]
    if module in FORBIDDEN_QT_MODULES:
        return module + " header"
    if include in qt_names:
        return qt_names[include] + " header"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--forbidden-qt-dir", action="append", default=[])
    parser.add_argument("--layer", action="append", default=[])
    args = parser.parse_args()
    layers = args.layer or ["scoring", "models", "worker"]

    qt_names = {}
    for d in args.forbidden_qt_dir:
        if not os.path.isdir(d):
            print(f"check_includes: no such Qt include folder: {d}", file=sys.stderr)
            return 2
        module = os.path.basename(os.path.normpath(d))
        for name in os.listdir(d):
            if name.startswith("Q") and "." not in name:
                qt_names[name] = module
    if args.forbidden_qt_dir and not qt_names:
        print("check_includes: the Qt include folders hold no class headers", file=sys.stderr)
        return 2

    problems = []
    checked = 0
    for layer in layers:
        root = os.path.join(args.source, layer)
        if not os.path.isdir(root):
            continue  # worker/ is optional
        for dirpath, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith((".h", ".hpp", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                checked += 1
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        why = forbidden(m.group(2), qt_names)
                        if why:
                            rel = os.path.relpath(path, args.source)
                            problems.append(f"{rel}:{number}: includes {m.group(2)} ({why})")
    if checked == 0:
        print("check_includes: no source file found under " + ", ".join(layers), file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    if problems:
        print(f"check_includes: {len(problems)} forbidden include(s) in {', '.join(layers)}", file=sys.stderr)
        return 1
    print(f"check_includes: {checked} files in {', '.join(layers)} include no widget, chart or GUI-layer header")
    return 0


if __name__ == "__main__":
    sys.exit(main())
