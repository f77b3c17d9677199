#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Seed inputs for the fuzz targets (fuzz/), made from the repository's real files: FreeCAD documents and
their parts, the hostile corpus, the sample bundle's and the Harbor fixtures' files, docs/cli.md's command
lines, the repository's Markdown. Every run of scripts/fuzz.sh starts from them (beside the committed corpus)
and scripts/fuzz-coverage.sh measures over them; they are never committed as corpus inputs, since they are
remade from the checkout (docs/testing.md "Fuzzing").

    python3 scripts/fuzz_seeds.py OUT     (run from the repository root; writes OUT/<target>/<name>)
"""
import glob, json, os, re, shlex, shutil, sys, zipfile
seeds = sys.argv[1]
shutil.rmtree(seeds, ignore_errors=True)  # nothing left from an older version of this script
def put(target, name, data):
    d = os.path.join(seeds, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)
docs = sorted(glob.glob("tests/data/fcstd/*.FCStd")) + sorted(glob.glob("tests/data/hostile/fcstd/*.FCStd"))
for p in docs:
    data = open(p, "rb").read()
    base = os.path.basename(p)
    put("fuzz_safe_zip", base, data)
    put("fuzz_fcstd_document", base, data)
    try:
        with zipfile.ZipFile(p) as z:
            for info in z.infolist():
                body = z.read(info)
                if info.filename == "Document.xml":
                    put("fuzz_document_xml", base + ".xml", body)
                elif len(body) < 200000:
                    put("fuzz_brep", base + "." + info.filename.replace("/", "_"), body)
    except Exception:
        pass  # hostile documents are seeds for the archive targets only
# Archive layouts FreeCAD does not write but a zip reader meets (scoring/safe_zip.cpp): one real document's
# entries stored, in Zip64 form (extra fields in both headers, the Zip64 end record and its locator), streamed
# with data descriptors, behind a 1,000-byte stub, and compressed with methods SafeZip refuses (bzip2, LZMA).
def repack(source, method=zipfile.ZIP_DEFLATED, zip64=False, stream=False, stub=b""):
    import io
    with zipfile.ZipFile(source) as z:
        entries = [(i.filename, z.read(i)) for i in z.infolist()]
    saved = zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT
    if zip64:  # every size and offset "too large", and the entry count too: all the Zip64 records
        zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = -1, 0
    try:
        out = io.BytesIO()
        class Unseekable:  # zipfile writes data descriptors when it cannot seek back
            def write(self, b): return out.write(b)
            def flush(self): pass
            def tell(self): return out.tell()
        with zipfile.ZipFile(Unseekable() if stream else out, "w", method) as z:
            for name, body in entries:
                info = zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0))
                info.compress_type = method
                with z.open(info, "w", force_zip64=zip64) as f:
                    f.write(body)
    finally:
        zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = saved
    return stub + out.getvalue()
layout_source = "tests/data/fcstd/box_sketch_pad.FCStd"
for name, data in [("layout-stored", repack(layout_source, zipfile.ZIP_STORED)),
                   ("layout-zip64", repack(layout_source, zip64=True)),
                   ("layout-zip64-stored", repack(layout_source, zipfile.ZIP_STORED, zip64=True)),
                   ("layout-streamed", repack(layout_source, stream=True)),
                   ("layout-stub", repack(layout_source, stub=b"#!/bin/sh\n" + b"\0" * 990)),
                   ("layout-bzip2", repack(layout_source, zipfile.ZIP_BZIP2)),
                   ("layout-lzma", repack(layout_source, zipfile.ZIP_LZMA))]:
    put("fuzz_safe_zip", name, data)
    put("fuzz_fcstd_document", name, data)
for p in sorted(glob.glob("resources/sample/pack/*/tests/spec.json")) + sorted(glob.glob("tests/data/hostile/json/*.json")):
    put("fuzz_spec_json", p.replace("/", "_"), open(p, "rb").read())
# fuzz_cli_args: the command lines of docs/cli.md (NUL-separated arguments), and each command's --help.
commands = set()
for n, line in enumerate(open("docs/cli.md", encoding="utf-8")):
    m = re.match(r"^\s*\$?\s*vernier-cli (.*?)\s*(\\|\(exit \d\))?\s*$", line)
    if not m:
        continue
    try:
        args = shlex.split(m.group(1))
    except ValueError:
        args = m.group(1).split()
    if args:
        commands.add(args[0])
        put("fuzz_cli_args", "cli-md-%d" % n, "\0".join(args).encode())
for c in sorted(commands):
    put("fuzz_cli_args", "help-" + c, ("%s\0--help" % c).encode())
    put("fuzz_cli_args", "help-cmd-" + c, ("help\0%s" % c).encode())
# fuzz_instruction_markdown and fuzz_instruction_import (layout, parsing alone): the sample pack's
# instruction.md files and the repository's own Markdown.
for p in sorted(glob.glob("resources/sample/pack/*/instruction.md")) + sorted(glob.glob("docs/*.md")) + \
        ["README.md"]:
    for target in ("fuzz_instruction_markdown", "fuzz_instruction_import"):
        put(target, p.replace("/", "_"), open(p, "rb").read()[:65536])
for p in sorted(glob.glob("resources/sample/pack/*/task.toml")):
    put("fuzz_task_toml", p.replace("/", "_"), open(p, "rb").read())
for p in sorted(glob.glob("resources/sample/results/*/*/agent/trajectory.json"))[:10] + \
        sorted(glob.glob("tests/data/harbor/trajectories/*.json")):
    put("fuzz_atif_trajectory", p.replace("/", "_"), open(p, "rb").read())
for p in sorted(glob.glob("tests/data/submission/*/submissions/v2/*.yaml")) + ["tests/data/submission/clean/manifest.json"]:
    put("fuzz_submission_manifest", p.replace("/", "_"), open(p, "rb").read())
for p in sorted(glob.glob("tests/data/workspace/*.json")):
    put("fuzz_workspace", os.path.basename(p), open(p, "rb").read())
# fuzz_job_files (fuzz/harness.h jobFiles): a first byte below 0x80 picks the job-level file (0 result.json,
# 1 lock.json, 2 config.json); 0x80 + all three of a real job folder, NUL-separated. Each real result.json also
# comes with its stats.evals groups renamed to the harness trial's ("agent__model__adhoc"), so that Harbor's
# per-group figures are compared with a trial (n_trials, n_errors, mean) and not only found to name none.
job_names = ("result.json", "lock.json", "config.json")
for job in sorted(glob.glob("tests/data/harbor/job-*/")) + sorted(glob.glob("resources/sample/results/*/")):
    parts = []
    for i, name in enumerate(job_names):
        p = os.path.join(job, name)
        data = open(p, "rb").read() if os.path.isfile(p) and os.path.getsize(p) < 100000 else b""
        parts.append(data)
        if data:
            put("fuzz_job_files", p.replace("/", "_"), bytes([i]) + data)
    if any(parts):
        put("fuzz_job_files", job.strip("/").replace("/", "_") + "_all", bytes([0x80]) + b"\0".join(parts))
    try:
        result = json.loads(parts[0])
        evals = result["stats"]["evals"]
        result["stats"]["evals"] = {"agent__model__adhoc": v for v in list(evals.values())[:1]}
        renamed = json.dumps(result, indent=4).encode()
        put("fuzz_job_files", job.strip("/").replace("/", "_") + "_evals_renamed", bytes([0]) + renamed)
        put("fuzz_job_files", job.strip("/").replace("/", "_") + "_all_evals_renamed",
            bytes([0x80]) + b"\0".join([renamed] + parts[1:]))
    except (ValueError, KeyError, TypeError, AttributeError):
        pass  # no stats.evals object to rename (a running job, an older Harbor)
# fuzz_trial_files: first byte picks the file (fuzz/harness.h trialFiles: 0 result.json, 1 reward.json,
# 2 reward.txt, 3 reward_details.json, 4 config.json, 5 artifacts/manifest.json of a one-step trial; 0x80 + i the
# i-th of kMultiStepFiles in a real two-step trial).
kinds = {"result.json": 0, "reward.json": 1, "reward.txt": 2, "reward_details.json": 3, "config.json": 4,
         "manifest.json": 5}
trials = sorted(glob.glob("resources/sample/results/*/*/")) + sorted(glob.glob("tests/data/hostile/bundle/*/*/"))
for t in trials[:40]:
    for rel in ["result.json", "config.json", "verifier/reward.json", "verifier/reward.txt",
                "verifier/reward_details.json", "artifacts/manifest.json"]:
        p = os.path.join(t, rel)
        if os.path.isfile(p) and os.path.getsize(p) < 100000:
            put("fuzz_trial_files", t.strip("/").replace("/", "_") + "_" + rel.replace("/", "_"),
                bytes([kinds[os.path.basename(rel)]]) + open(p, "rb").read())
multi = ["result.json", "config.json", "steps/base/artifacts/manifest.json", "steps/edit/artifacts/manifest.json",
         "steps/base/verifier/reward.json", "steps/edit/verifier/reward.json",
         "steps/base/verifier/reward_details.json", "steps/edit/verifier/reward_details.json"]
for t in sorted(glob.glob("tests/data/harbor/job-*/*/")):
    if not os.path.isdir(os.path.join(t, "steps")):
        continue
    for i, rel in enumerate(multi):
        p = os.path.join(t, rel)
        if os.path.isfile(p) and os.path.getsize(p) < 100000:
            put("fuzz_trial_files", t.strip("/").replace("/", "_") + "_multi_" + rel.replace("/", "_"),
                bytes([0x80 + i]) + open(p, "rb").read())
# fuzz_json_text (differential against nlohmann): the JSON files of the trials above and of the Harbor fixtures,
# the hostile JSON, and the spec and workspace files, as they are.
json_files = set()
for t in trials[:40] + sorted(glob.glob("tests/data/harbor/job-*/*/")):
    json_files.update(glob.glob(os.path.join(t, "**", "*.json"), recursive=True))
json_files.update(glob.glob("tests/data/hostile/json/*.json") + glob.glob("tests/data/workspace/*.json"))
for p in sorted(json_files):
    if os.path.getsize(p) < 65536:
        put("fuzz_json_text", p.replace("/", "_"), open(p, "rb").read())
