#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Installs a Vernier build into scratch prefixes and checks the installed tree stands on its own.

Two installs: `cmake --install BUILD --prefix TMP/prefix` (an arbitrary prefix, so the executables must find
their data relative to themselves) and `DESTDIR=TMP/destdir cmake --install BUILD --prefix /usr` (what the .deb
holds; every file must stay under DESTDIR). Then the installed vernier-cli runs the leaderboard on the installed
sample bundle from a directory outside the source and build trees, and the installed binaries are checked for
build-tree RPATHs and unresolved libraries. All failures are collected and listed; exit 1 if there are any.

Registered as the ctest `install.staged` (packaging/CMakeLists.txt); run by hand with
  python3 tests/install/run_install_test.py --build build-x --version 0.1.0 [--gui] [--keep]
"""
import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

VERSION_LINE = r"^{name} {version} \(OpenCASCADE \d+\.\d+\.\d+\S*, Qt \d+\.\d+\.\d+\S*\)$"


class Checker:
    def __init__(self):
        self.failures = []

    def check(self, ok, what, detail=""):
        print(("ok:   " if ok else "FAIL: ") + what + (f" ({detail})" if detail and not ok else ""))
        if not ok:
            self.failures.append(what + (f": {detail}" if detail else ""))
        return ok


def run(cmd, timeout, cwd=None, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or "", f"did not exit within {timeout} s"


def tree_files(root):
    out = set()
    for d, _, files in os.walk(root):
        for f in files:
            out.add(os.path.relpath(os.path.join(d, f), root))
    return out


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def check_binary(c, path, build, source):
    """No RPATH into the build tree, every shared library resolves, none from the build or source tree."""
    name = os.path.basename(path)
    rc, out, err = run(["readelf", "-d", path], 60)
    if c.check(rc == 0, f"readelf -d {name}", err.strip()):
        paths = re.findall(r"\((?:RPATH|RUNPATH)\).*\[(.*)\]", out)
        bad = [p for p in paths if build in p or source in p]
        c.check(not bad, f"{name} has no RPATH/RUNPATH into the build or source tree", ", ".join(bad))
    rc, out, err = run(["ldd", path], 60)
    if c.check(rc == 0, f"ldd {name}", err.strip()):
        missing = [l.strip() for l in out.splitlines() if "not found" in l]
        c.check(not missing, f"{name}: every shared library resolves", "; ".join(missing))
        local = [l.strip() for l in out.splitlines() if build in l or source in l]
        c.check(not local, f"{name}: no shared library from the build or source tree", "; ".join(local))


def check_desktop(c, prefix, version, icon_sizes):
    share = os.path.join(prefix, "share")
    desktop = os.path.join(share, "applications", "vernier.desktop")
    metainfo = os.path.join(share, "metainfo", "io.github.vernier.Vernier.metainfo.xml")
    desktop_types = []
    if c.check(os.path.isfile(desktop), "share/applications/vernier.desktop installed"):
        entry = {}
        with open(desktop, encoding="utf-8") as f:
            for line in f:
                if "=" in line and not line.startswith("#"):
                    k, v = line.rstrip("\n").split("=", 1)
                    entry[k] = v
        exe = entry.get("Exec", "").split(" ")[0]
        c.check(os.path.isfile(os.path.join(prefix, "bin", exe)), "desktop Exec names an installed binary", exe)
        # %f: one file per instance, so a document opened from a file manager gets the single-document window.
        c.check(entry.get("Exec", "").split(" ")[1:] == ["%f"], "desktop Exec takes one file (%f)",
                entry.get("Exec", ""))
        c.check(entry.get("Icon") == "vernier", "desktop Icon is 'vernier'", entry.get("Icon", ""))
        desktop_types = [t for t in entry.get("MimeType", "").split(";") if t]
        c.check("application/zip" not in desktop_types, "desktop MimeType does not claim every zip",
                entry.get("MimeType", ""))
        if c.check(shutil.which("desktop-file-validate"), "desktop-file-validate available",
                   "apt-get install desktop-file-utils (scripts/deps.sh)"):
            rc, out, err = run(["desktop-file-validate", desktop], 60)
            c.check(rc == 0 and not out.strip(), "desktop-file-validate", (out + err).strip())
    if c.check(os.path.isfile(metainfo), "share/metainfo/io.github.vernier.Vernier.metainfo.xml installed"):
        root = ET.parse(metainfo).getroot()
        release = root.find("releases/release")
        got = release.get("version") if release is not None else None
        c.check(got == version, "metainfo's newest release is the CMake project version",
                f"metainfo says {got}, CMake says {version}")
        c.check(root.findtext("project_license") == "Apache-2.0", "metainfo project_license is Apache-2.0",
                str(root.findtext("project_license")))
        c.check(root.find("screenshots/screenshot/image") is not None, "metainfo has screenshots")
        c.check(release is not None and release.find("description") is not None,
                "metainfo's newest release has release notes")
        c.check(root.find("content_rating[@type='oars-1.1']") is not None, "metainfo has an OARS 1.1 content rating")
        launch = root.findtext("launchable")
        c.check(launch == "vernier.desktop", "metainfo launchable is the installed desktop file", str(launch))
        if c.check(shutil.which("appstreamcli"), "appstreamcli available", "apt-get install appstream (scripts/deps.sh)"):
            rc, out, err = run(["appstreamcli", "validate", "--no-net", metainfo], 120)
            c.check(rc == 0, "appstreamcli validate", (out + err).strip())
    mime = os.path.join(share, "mime", "packages", "vernier.xml")
    if c.check(os.path.isfile(mime), "share/mime/packages/vernier.xml installed"):
        ns = "{http://www.freedesktop.org/standards/shared-mime-info}"
        try:
            defined = {t.get("type") for t in ET.parse(mime).getroot().findall(ns + "mime-type")}
        except ET.ParseError as e:
            c.check(False, "vernier.xml is well-formed XML", str(e))
            defined = set()
        if os.path.isfile(desktop):
            undefined = sorted(set(desktop_types) - defined)
            c.check(not undefined, "every desktop MimeType is defined in vernier.xml", ", ".join(undefined))
        if os.path.isfile(metainfo):
            provided = {m.text for m in ET.parse(metainfo).getroot().findall("provides/mediatype")}
            c.check(provided == set(desktop_types), "metainfo provides the desktop file's MIME types",
                    f"metainfo {sorted(provided)}, desktop {sorted(desktop_types)}")
        if shutil.which("update-mime-database"):
            # The database compiler is the validator: it rejects what it cannot parse.
            data = tempfile.mkdtemp(prefix="vernier-mime-")
            try:
                db = os.path.join(data, "mime")
                os.makedirs(os.path.join(db, "packages"))
                shutil.copy(mime, os.path.join(db, "packages"))
                env = dict(os.environ, XDG_DATA_DIRS=data) # else it warns that the database is not searched
                rc, out, err = run(["update-mime-database", db], 120, env=env)
                globs2 = os.path.join(db, "globs2")
                globs = open(globs2, encoding="utf-8").read() if os.path.isfile(globs2) else ""
                c.check(rc == 0 and not err.strip(), "update-mime-database accepts vernier.xml", (out + err).strip())
                for glob in ("*.fcstd", "*.vernier.json"):
                    c.check(f":{glob}\n" in globs, f"MIME database has the glob {glob}")
            finally:
                shutil.rmtree(data, ignore_errors=True)
    icons = os.path.join(share, "icons", "hicolor")
    c.check(os.path.isfile(os.path.join(icons, "scalable", "apps", "vernier.svg")), "scalable SVG icon installed")
    for size in icon_sizes:
        png = os.path.join(icons, f"{size}x{size}", "apps", "vernier.png")
        got = png_size(png) if os.path.isfile(png) else None
        c.check(got == (size, size), f"{size}x{size} PNG icon installed at its size", f"found {got}")


def check_docs(c, prefix, version, gui):
    """Copyright (DEP-5), changelog.gz (newest entry = the project version), man pages, lintian overrides."""
    share = os.path.join(prefix, "share")
    doc = os.path.join(share, "doc", "vernier")
    copyright = os.path.join(doc, "copyright")
    if c.check(os.path.isfile(copyright), "share/doc/vernier/copyright installed"):
        text = open(copyright, encoding="utf-8").read()
        c.check(text.startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"),
                "copyright is in Debian copyright-format 1.0")
        c.check(re.search(r"^Files: \*\n(?:.+\n)*?License: Apache-2\.0$", text, re.M) is not None,
                "copyright: Files: * under Apache-2.0")
    changelog = os.path.join(doc, "changelog.gz")
    if c.check(os.path.isfile(changelog), "share/doc/vernier/changelog.gz installed"):
        raw = open(changelog, "rb").read()
        # gzip -n: no file name (FLG.FNAME, bit 3) and no time stamp (MTIME, bytes 4-7) in the header.
        c.check(raw[:2] == b"\x1f\x8b" and not raw[3] & 0x08 and raw[4:8] == b"\0\0\0\0",
                "changelog.gz has no name or time stamp in its gzip header (gzip -n)")
        first = gzip.decompress(raw).decode("utf-8").splitlines()[0]
        m = re.match(r"^vernier \(([^)]+)\) \S+; urgency=\w+$", first)
        c.check(m is not None and m.group(1) == version, "changelog's newest entry is the CMake project version",
                f"changelog says {first!r}, CMake says {version}")
    pages = ["vernier-cli", "vernier-rescore-worker"] + (["vernier", "vernier-cli-draw"] if gui else [])
    for page in pages:
        man = os.path.join(share, "man", "man1", f"{page}.1.gz")
        if c.check(os.path.isfile(man), f"share/man/man1/{page}.1.gz installed"):
            head = gzip.decompress(open(man, "rb").read()).decode("utf-8").splitlines()[0]
            c.check(f'"Vernier {version}"' in head, f"{page}(1) names the project version", head)
    c.check(os.path.isfile(os.path.join(share, "lintian", "overrides", "vernier")),
            "share/lintian/overrides/vernier installed")
    completion = os.path.join(share, "bash-completion", "completions", "vernier-cli")
    if c.check(os.path.isfile(completion), "share/bash-completion/completions/vernier-cli installed"):
        text = open(completion, encoding="utf-8").read()
        c.check(re.search(r"^complete .*vernier-cli\s*$", text, re.M) is not None,
                "the bash completion registers itself for vernier-cli")
        if shutil.which("bash"):
            rc, out, err = run(["bash", "-n", completion], 30)
            c.check(rc == 0, "the bash completion is valid bash (bash -n)", err.strip())


def check_leaderboard(c, prefix, cli, source):
    sample = os.path.join(prefix, "share", "vernier", "sample")
    results, pack = os.path.join(sample, "results"), os.path.join(sample, "pack")
    has_results = c.check(os.path.isdir(results) and os.listdir(results), "sample results installed and not empty")
    has_pack = c.check(os.path.isdir(pack) and os.listdir(pack), "sample task pack installed and not empty")
    for part in ("pack", "results"):
        ours = {f for f in tree_files(os.path.join(source, "resources", "sample", part))
                if "__pycache__" not in f and not f.endswith(".pyc")}
        lost = sorted(ours - tree_files(os.path.join(sample, part)))
        c.check(not lost, f"every file of the sample's {part}/ is installed", ", ".join(lost[:5]))
    if os.path.isdir(sample):
        scripts = [f for f in os.listdir(sample) if re.search(r"\.(py|sh|FCMacro)$", f)]
        c.check(not scripts, "no sample generator scripts installed", ", ".join(scripts))
    if not (has_results and has_pack):
        return
    env = {k: v for k, v in os.environ.items() if k != "VERNIER_SAMPLE_DIR"}
    rc, out, err = run([cli, "leaderboard", results, "--tasks", pack, "--json"], 600, cwd=prefix, env=env)
    if not c.check(rc == 0, "installed vernier-cli leaderboard on the installed sample exits 0",
                   f"exit {rc}: {err.strip()[-500:]}"):
        return
    try:
        doc = json.loads(out)
    except json.JSONDecodeError as e:
        c.check(False, "leaderboard output is JSON", str(e))
        return
    systems = doc.get("systems") if isinstance(doc, dict) else None
    if c.check(isinstance(systems, list) and len(systems) >= 1, "leaderboard lists at least one system"):
        named = all(isinstance(s.get("agent"), str) and isinstance(s.get("model"), str) for s in systems)
        c.check(named, "every system has an agent and a model")
        counted = all(isinstance(s.get("n_trials"), int) and s["n_trials"] >= 1 for s in systems)
        c.check(counted, "every system has at least one trial")
        print(f"      leaderboard: {len(systems)} systems: "
              + ", ".join(f"{s.get('agent')}/{s.get('model')} ({s.get('n_trials')} trials, "
                          f"overall {s.get('overall')})" for s in systems))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True, help="configured and built CMake build directory")
    ap.add_argument("--cmake", default="cmake")
    ap.add_argument("--version", required=True, help="the CMake project version")
    ap.add_argument("--icon-sizes", default="16;22;24;32;48;64;128;256")
    ap.add_argument("--gui", action="store_true", help="the build has the GUI, so check desktop integration")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory")
    a = ap.parse_args()
    build = os.path.realpath(a.build)
    source = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
    icon_sizes = [int(s) for s in re.split(r"[;, ]+", a.icon_sizes) if s]
    c = Checker()
    stage = tempfile.mkdtemp(prefix="vernier-install-")
    try:
        prefix = os.path.join(stage, "prefix")
        rc, out, err = run([a.cmake, "--install", build, "--prefix", prefix], 600)
        if not c.check(rc == 0, f"cmake --install --prefix {prefix}", err.strip()):
            return finish(c)
        destdir = os.path.join(stage, "destdir")
        env = dict(os.environ, DESTDIR=destdir)
        rc, out, err = run([a.cmake, "--install", build, "--prefix", "/usr"], 600, env=env)
        if c.check(rc == 0, "DESTDIR staged install with --prefix /usr", err.strip()):
            staged = tree_files(destdir)
            outside = sorted(f for f in staged if not f.startswith("usr" + os.sep))
            c.check(not outside, "DESTDIR install puts every file under usr/", ", ".join(outside[:5]))
            same = {os.path.relpath(f, "usr") for f in staged} == tree_files(prefix)
            c.check(same, "DESTDIR install and prefix install hold the same files")
        print(f"      installed {len(tree_files(prefix))} files into {prefix}")

        cli = os.path.join(prefix, "bin", "vernier-cli")
        if c.check(os.access(cli, os.X_OK), "bin/vernier-cli installed and executable"):
            check_binary(c, cli, build, source)
            rc, out, err = run([cli, "--version"], 60, cwd=prefix)
            line = out.strip()
            print(f"      {line}")
            c.check(rc == 0 and re.match(VERSION_LINE.format(name="vernier-cli", version=re.escape(a.version)), line),
                    "vernier-cli --version names Vernier, OpenCASCADE and Qt versions",
                    f"exit {rc}: {line!r} {err.strip()[-300:]}")
            check_leaderboard(c, prefix, cli, source)
        check_docs(c, prefix, a.version, a.gui)

        if a.gui:
            # The drawing commands of vernier-cli run in vernier-cli-draw beside it (app/cli/draw_program.h):
            # the installed vernier-cli renders a pair through it.
            draw = os.path.join(prefix, "bin", "vernier-cli-draw")
            if c.check(os.access(draw, os.X_OK), "bin/vernier-cli-draw installed and executable"):
                check_binary(c, draw, build, source)
                part = os.path.join(source, "tests", "data", "fcstd", "plate_hole.FCStd")
                png = os.path.join(stage, "render.png")
                rc, out, err = run([cli, "render", "--reference", part, "--candidate", part, "--out", png,
                                    "--size", "320x160"], 300, cwd=prefix)
                if os.environ.get("DISPLAY"):
                    c.check(rc == 0 and os.path.isfile(png) and png_size(png) == (320, 160),
                            "installed vernier-cli render draws through vernier-cli-draw",
                            f"exit {rc}: {err.strip()[-300:]}")
                else:  # only the drawing program asks for a display, after reading both documents
                    c.check(rc == 2 and "no X display" in err,
                            "installed vernier-cli render reaches vernier-cli-draw (no display here)",
                            f"exit {rc}: {err.strip()[-300:]}")
            gui = os.path.join(prefix, "bin", "vernier")
            if c.check(os.access(gui, os.X_OK), "bin/vernier installed and executable"):
                check_binary(c, gui, build, source)
                env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
                rc, out, err = run([gui, "--version"], 30, cwd=prefix, env=env)
                line = out.strip()
                print(f"      {line}")
                c.check(rc == 0 and re.match(VERSION_LINE.format(name="vernier", version=re.escape(a.version)), line),
                        "vernier --version names Vernier, OpenCASCADE and Qt versions",
                        f"exit {rc}: {line!r} {err.strip()[-300:]}")
                # --help needs no display (asked over ssh, or by a package's tests): no DISPLAY, no platform.
                bare = {k: v for k, v in os.environ.items()
                        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
                rc, out, err = run([gui, "--help"], 30, cwd=prefix, env=bare)
                c.check(rc == 0 and out.startswith("usage: vernier") and "--screenshot FILE.png" in out
                        and "PART.FCStd" in out and not err.strip(),
                        "vernier --help prints its usage without a display",
                        f"exit {rc}: {out[:200]!r} {err.strip()[-300:]}")
                rc, out, err = run([gui, "--bogus"], 30, cwd=prefix, env=env)
                c.check(rc == 2 and "vernier: unknown option --bogus\nusage: vernier" in err,
                        "vernier --bogus: exit 2, the reason, the usage",
                        f"exit {rc}: {err.strip()[-300:]}")
                # One .FCStd on the command line opens the single-document window (docs/single-document.md);
                # offscreen, the 3D view shows its "no OpenGL" message but the rest is drawn and grabbed.
                part = os.path.join(source, "tests", "data", "fcstd", "plate_hole.FCStd")
                shot = os.path.join(stage, "single-document.png")
                rc, out, err = run([gui, part, "--screenshot", shot, "--size", "800x500"], 300, cwd=prefix, env=env)
                c.check(rc == 0 and png_size(shot) == (800, 500) if os.path.isfile(shot) else False,
                        "installed vernier opens one .FCStd in the single-document window (screenshot)",
                        f"exit {rc}: {err.strip()[-300:]}")
            check_desktop(c, prefix, a.version, icon_sizes)
        return finish(c)
    finally:
        if a.keep:
            print(f"      kept {stage}")
        else:
            shutil.rmtree(stage, ignore_errors=True)


def finish(c):
    if c.failures:
        print(f"\n{len(c.failures)} install check(s) failed:\n  " + "\n  ".join(c.failures))
        return 1
    print("\nall install checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
