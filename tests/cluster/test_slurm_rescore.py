#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Rescoring on a real one-node Slurm cluster (docs/cluster.md).

Starts munged, slurmctld and slurmd in a temporary directory (tests/cluster/slurm_cluster.sh), then:
  1. a local in-process `rescore` of the sample bundle (its own cache) is the reference;
  2. a 4-shard `rescore --slurm --json` gives the same trials and rewards, and its cache entries are
     byte-for-byte the local run's (bit-identical scores, axes, gates and reasons);
  3. `--emit-sbatch` afterwards plans nothing (idempotent), `--collect` reports the same results;
  4. with a fresh cache and a pause after each trial, array element 1 is cancelled (scancel JOBID_1) while it
     runs: the run resubmits the trials it left without a result once, and ends complete and identical.
The cluster is stopped by its process ids in every case. Without root or without the slurm-wlm/munge
packages the test says so and exits 77, which ctest reports as skipped.

With --local-only it needs neither root nor Slurm: the local launcher (`--shards 3 --jobs 2`, rescore-shard
processes) against the in-process rescore, cache entries byte for byte.

usage: test_slurm_rescore.py --cli build/bin/vernier-cli --source /path/to/repo [--local-only]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SKIP = 77


def skip(reason):
    print("=" * 72, file=sys.stderr)
    print(f"SKIPPED: the Slurm rescoring test cannot run here: {reason}", file=sys.stderr)
    print("=" * 72, file=sys.stderr)
    sys.exit(SKIP)


def run(cmd, env, **kw):
    return subprocess.run(cmd, env=env, capture_output=True, text=True, **kw)


def rescore(cli, data, env, *extra):
    r = run([cli, "rescore", str(data / "results"), "--tasks", str(data / "pack"), "--json", *extra], env,
            timeout=500)
    if r.returncode != 0:
        raise AssertionError(f"rescore {' '.join(extra)} exited {r.returncode}:\n{r.stderr[-3000:]}")
    return json.loads(r.stdout), r.stderr


def trials(report):
    return {(t["system"], t["trial"]): (t["rescored"], t.get("error")) for t in report["trials"]}


def cache_entries(cache_root):
    """Every cached result file (not the crashes/ side directory) by its key, as bytes."""
    out = {}
    for p in (cache_root / "rescore").rglob("*.json"):
        if "crashes" in p.relative_to(cache_root / "rescore").parts:
            continue
        out[p.name] = p.read_bytes()
    return out


def check(cond, what):
    if not cond:
        raise AssertionError(what)
    print(f"ok: {what}")


def copy_fixtures(source, tmp):
    """The sample bundle and pack, copied (a cache may be written beside a bundle)."""
    data = tmp / "data"
    data.mkdir()
    shutil.copytree(source / "resources/sample/results", data / "results")
    shutil.copytree(source / "resources/sample/pack", data / "pack")
    return data


def local_launcher(cli, source):
    """`rescore --shards 3 --jobs 2` (local rescore-shard processes) equals the in-process rescore."""
    tmp = Path(tempfile.mkdtemp(prefix="vernier-shards-"))
    try:
        data = copy_fixtures(source, tmp)
        env = dict(os.environ)
        env.pop("VERNIER_SHARD_PAUSE_MS", None)
        local, _ = rescore(cli, data, dict(env, VERNIER_CACHE_DIR=str(tmp / "cache-local")), "--jobs", "2")
        out, _ = rescore(cli, data, dict(env, VERNIER_CACHE_DIR=str(tmp / "cache-shards")), "--shards", "3",
                         "--jobs", "2")
        check(out["shards"]["shards"] == 3 and out["shards"]["launcher"] == "local"
              and out["shards"]["resubmitted"] == 0 and out["missing"] == [], f"local shards block {out['shards']}")
        check(trials(out) == trials(local), "local shards and in-process rescore list the same trials and rewards")
        a, b = cache_entries(tmp / "cache-local"), cache_entries(tmp / "cache-shards")
        check(len(a) > 20 and a == b, f"the {len(b)} cached results are byte-for-byte the in-process ones")
        print("PASS")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--local-only", action="store_true",
                    help="only the local launcher (--shards N without --slurm) against in-process; no cluster")
    a = ap.parse_args()
    source = Path(a.source)
    cli = str(Path(a.cli).resolve())
    if a.local_only:
        return local_launcher(cli, source)

    if os.geteuid() != 0:
        skip(f"it needs root to start slurmd and munged (running as uid {os.geteuid()})")
    for prog in ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel", "sinfo"):
        if not shutil.which(prog) and not os.access(f"/usr/sbin/{prog}", os.X_OK):
            skip(f"{prog} is not installed (Debian packages slurm-wlm and munge; scripts/deps.sh)")

    tmp = Path(tempfile.mkdtemp(prefix="vernier-slurm-"))
    cluster = tmp / "cluster"
    script = source / "tests/cluster/slurm_cluster.sh"
    env = dict(os.environ)
    env.pop("VERNIER_SHARD_PAUSE_MS", None)
    try:
        r = run(["bash", str(script), "start", str(cluster)], env, timeout=120)
        if r.returncode == SKIP:
            skip(r.stderr.strip())
        if r.returncode != 0:
            raise AssertionError(f"the test cluster did not start:\n{r.stderr}")
        env["SLURM_CONF"] = str(cluster / "slurm.conf")
        env["PATH"] = env.get("PATH", "") + ":/usr/sbin"

        data = copy_fixtures(source, tmp)

        local_env = dict(env, VERNIER_CACHE_DIR=str(tmp / "cache-local"))
        local, _ = rescore(cli, data, local_env, "--jobs", "2")
        check(local["rescored"] > 30 and not local["scorer_crashes"], f"local rescore: {local['rescored']} trials")

        slurm_env = dict(env, VERNIER_CACHE_DIR=str(tmp / "cache-slurm"))
        t0 = time.monotonic()
        out, err = rescore(cli, data, slurm_env, "--slurm", "--shards", "4")
        print(f"4-shard Slurm rescore took {time.monotonic() - t0:.2f} s")
        s = out.get("slurm", {})
        check(s.get("shards") == 4 and re.fullmatch(r"\d+", str(s.get("job_id"))) and s.get("resubmitted") == 0,
              f"slurm block {s}")
        check(out["missing"] == [], "no trial missing after the array")
        check(trials(out) == trials(local), "Slurm and local rescore list the same trials and rewards")
        local_cache, slurm_cache = cache_entries(tmp / "cache-local"), cache_entries(tmp / "cache-slurm")
        check(len(local_cache) > 20 and local_cache == slurm_cache,
              f"the {len(slurm_cache)} cached results are byte-for-byte the local ones")
        logs = list((tmp / "cache-slurm/jobs").glob("slurm-*/logs/slurm-*_*.out"))
        check(len(logs) == 4, "one log per array element")

        again, _ = rescore(cli, data, slurm_env, "--emit-sbatch", str(tmp / "emit"))
        check(again["emit_sbatch"]["trials"] == 0 and again["emit_sbatch"]["shards"] == 0,
              "resubmitting after a complete run plans nothing")
        check(again["emit_sbatch"]["script"] is None and not (tmp / "emit/rescore.sbatch").exists(),
              "and writes no job script")
        collected, _ = rescore(cli, data, slurm_env, "--collect")
        check(trials(collected) == trials(local) and collected["missing"] == [], "--collect merges the same results")

        # A shard killed while it runs: its unfinished trials are resubmitted once and the result is complete.
        kill_env = dict(env, VERNIER_CACHE_DIR=str(tmp / "cache-kill"), VERNIER_SHARD_PAUSE_MS="1500")
        proc = subprocess.Popen([cli, "rescore", str(data / "results"), "--tasks", str(data / "pack"), "--json",
                                 "--slurm", "--shards", "4"], env=kill_env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        killed = None
        deadline = time.monotonic() + 240
        while killed is None and time.monotonic() < deadline and proc.poll() is None:
            q = run(["squeue", "-h", "-o", "%i %T"], env, timeout=30).stdout
            m = re.search(r"^(\d+)_1 RUNNING$", q, re.M)
            if m:
                time.sleep(2)  # let it finish a trial or two first
                killed = f"{m.group(1)}_1"
                run(["scancel", killed], env, timeout=30)
                print(f"cancelled array element {killed}")
            else:
                time.sleep(0.3)
        stdout, stderr = proc.communicate(timeout=500)
        check(killed is not None, "array element 1 was seen running and cancelled")
        if proc.returncode != 0:
            raise AssertionError(f"rescore --slurm with a killed shard exited {proc.returncode}:\n{stderr[-3000:]}")
        out = json.loads(stdout)
        s = out["slurm"]
        check(s["resubmitted"] >= 1 and "resubmit_job_id" in s, f"the killed shard's trials were resubmitted: {s}")
        check(out["missing"] == [] and not out["scorer_crashes"], "nothing missing after the resubmission")
        check(trials(out) == trials(local), "the resubmitted run equals the local rescore")
        check(cache_entries(tmp / "cache-kill") == local_cache, "and its cache is byte-for-byte the local one")
        print("PASS")
        return 0
    finally:
        run(["bash", str(script), "stop", str(cluster)], env, timeout=120)
        if os.environ.get("VERNIER_KEEP_TEST_DIR"):
            print(f"kept {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
