#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Makes a large Harbor results bundle from the embedded sample's real trials, deterministically.

    bench/make_large_bundle.py --trials 100000 --out /tmp/large [--systems 13] [--zip]

The sample's Harbor jobs (resources/sample/results/<job>/<trial>/) are real trial folders of the sample task
pack. They are replicated under new names: system k (agent "agent-kk", model "lab/model-kk") gets one job
folder, and inside it attempt a of source trial s becomes "<task>__k<kk>s<ss>a<aaaa>". Each copy's
result.json and config.json are rewritten to carry its new identity (trial name, agent, model, job id, a
uuid derived from the name); every other file (documents, trajectories, verifier output) is a hard link to
the sample's file, so 100,000 trials cost little disk (falls back to copies across file systems).

The output imports against resources/sample/pack. The same arguments always give the same bundle, byte for
byte, so benchmark runs are comparable. --zip also writes <out>.zip of the bundle (zip64 when needed).
"""
import argparse
import errno
import hashlib
import json
import os
import shutil
import sys
import uuid
import zipfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "resources" / "sample" / "results"


def source_trials():
    """(job, trial folder) of every Harbor trial of the sample, in a fixed order."""
    trials = []
    for job in sorted(p for p in SOURCE.iterdir() if p.is_dir() and p.name != "runs"):
        for trial in sorted(p for p in job.iterdir() if p.is_dir()):
            if (trial / "result.json").is_file():
                trials.append((job, trial))
    return trials


def stable_uuid(name):
    return str(uuid.UUID(bytes=hashlib.sha256(name.encode()).digest()[:16], version=4))


def link_or_copy(src, dst):
    """Never writes through an existing path: a copy onto a hard link would change the sample itself."""
    if dst.exists():
        raise SystemExit(f"make_large_bundle: {dst} already exists")
    try:
        os.link(src, dst)
    except OSError as e:
        if e.errno != errno.EXDEV:
            raise
        shutil.copyfile(src, dst)


def rewrite_identity(doc, trial_name, job_name, agent, model, job_id):
    """Points a Harbor result.json / trial config.json at its new trial and system."""
    if "trial_name" in doc:
        doc["trial_name"] = trial_name
    if "id" in doc and "task_name" in doc:
        doc["id"] = stable_uuid(job_name + "/" + trial_name)
    if "trial_uri" in doc:
        doc["trial_uri"] = f"file:///srv/bench/jobs/{job_name}/{trial_name}"
    config = doc.get("config", doc)
    if isinstance(config, dict):
        if "trial_name" in config:
            config["trial_name"] = trial_name
        if "trials_dir" in config:
            config["trials_dir"] = f"jobs/{job_name}"
        if "job_id" in config:
            config["job_id"] = job_id
        if isinstance(config.get("agent"), dict):
            config["agent"]["name"] = agent
            config["agent"]["model_name"] = model
    info = doc.get("agent_info")
    if isinstance(info, dict):
        info["name"] = agent
        provider, _, name = model.partition("/")
        info["model_info"] = {"name": name, "provider": provider}
    return doc


def replicate(job_name, trial_name, src, dst, agent, model, job_id):
    for root, _dirs, files in os.walk(src):
        rel = Path(root).relative_to(src)
        (dst / rel).mkdir(parents=True, exist_ok=True)
        for f in sorted(files):
            s, d = Path(root) / f, dst / rel / f
            if rel == Path(".") and f in ("result.json", "config.json"):
                doc = json.loads(s.read_text())
                doc = rewrite_identity(doc, trial_name, job_name, agent, model, job_id)
                d.write_text(json.dumps(doc, indent=2) + "\n")
            else:
                link_or_copy(s, d)


def write_zip(folder, zip_path):
    with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_DEFLATED, allowZip64=True) as z:
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            for f in sorted(files):
                p = Path(root) / f
                info = zipfile.ZipInfo(str(p.relative_to(folder.parent)), date_time=(2026, 9, 14, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                z.writestr(info, p.read_bytes())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, required=True, help="number of trials to make")
    ap.add_argument("--out", type=Path, required=True, help="bundle folder to create (must not exist)")
    ap.add_argument("--systems", type=int, default=13, help="number of systems (default 13)")
    ap.add_argument("--zip", action="store_true", help="also write <out>.zip")
    args = ap.parse_args()
    if args.trials < 1 or args.systems < 1:
        sys.exit("make_large_bundle: --trials and --systems must be positive")
    if args.out.exists():
        sys.exit(f"make_large_bundle: {args.out} exists; give a new folder")
    sources = source_trials()
    if not sources:
        sys.exit(f"make_large_bundle: no Harbor trials under {SOURCE}")

    per_system = -(-args.trials // args.systems)  # ceil
    made = 0
    for k in range(args.systems):
        agent, model = f"agent-{k:02d}", f"lab/model-{k:02d}"
        job_name = f"2026-10-{1 + k % 28:02d}__00-00-{k % 60:02d}-s{k:02d}"
        job_id = stable_uuid("job/" + job_name)
        job_dir = args.out / job_name
        job_dir.mkdir(parents=True)
        (job_dir / "config.json").write_text(
            json.dumps({"job_name": job_name, "agents": [{"name": agent, "model_name": model}]}, indent=2) + "\n")
        for i in range(per_system):
            if made == args.trials:
                break
            job, src = sources[i % len(sources)]
            attempt = i // len(sources)
            task = src.name.split("__")[0]
            # The sample has several trials of a task (one per job): the source index keeps names unique.
            trial_name = f"{task}__k{k:02d}s{i % len(sources):02d}a{attempt:04d}"
            replicate(job_name, trial_name, src, job_dir / trial_name, agent, model, job_id)
            made += 1
    print(f"made {made} trials for {args.systems} systems in {args.out}")
    if args.zip:
        zip_path = args.out.with_name(args.out.name + ".zip")
        write_zip(args.out, zip_path)
        print(f"wrote {zip_path}")


if __name__ == "__main__":
    main()
