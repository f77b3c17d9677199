#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""`vernier-cli rescore` end to end, as a user runs it, against the FreeCAD-based scorer on the same pairs.

    python3 bench/bench_rescore_e2e.py [--cli build/bin/vernier-cli] [--repeat 3] [--sets fixtures,sample,gated]
                                       [--no-baseline] [--cli-worker] [--json OUT]

Run from the repository root. Every figure is the median of --repeat runs, each with a cold cache (the rescore
cache and the trial index deleted before the run):

  baseline   `freecadcmd bench/freecad_baseline.py` (VERNIER_BASELINE_FAITHFUL=1, _ICP=1: the original's
             per-pair path, docs/scoring.md §2/§3.1/§6/§8.3) on exactly the pairs vernier scores, one process
             for all of them: wall of the whole process (FreeCAD start included) per pair, and the script's own
             in-process figure (no start, no warm-up: VERNIER_BASELINE_WARMUP=0);
  jobs1      `vernier-cli rescore BUNDLE --tasks PACK --jobs 1 --json`: process start, import, cache keys,
             worker start, reading, scoring and cache write, per pair; ratio = baseline / jobs1;
  jobs2      the same with --jobs 2 (the machine's two cores);
  breakdown  (--jobs 1) start: `vernier-cli --version`; empty: the same rescore with every result already in
             the cache but the trial index deleted (start + import + keys + cache reads, no worker);
             worker start: the worker program with no jobs (what RescoreEngine starts: vernier-rescore-worker
             beside vernier-cli, else `vernier-cli rescore-worker`); no-cache: --no-cache on a cold index;
             scoring = jobs1 - empty - worker start; cache write = jobs1 - no-cache.

A pair is one (reference, answer) comparison: a create-and-edit trial has two. The pairs come from the plan
vernier itself writes (`rescore --emit-sbatch DIR --shards 1`), so both sides score the same documents.

Sets: fixtures = the cluster test's bundle (tests/cluster/test_slurm_rescore.py: the sample results and pack
copied to a temporary directory), with the default cache beside the bundle (<bundle>.vernier-cache);
sample = resources/sample/results with resources/sample/pack, VERNIER_CACHE_DIR in a temporary directory
(nothing is written into resources/sample); gated = bench/make_gated_bundle.py (one sample job, 2 answers
replaced by the 5006-face bench/data/prism_5004.FCStd).

--cli-worker copies vernier-cli alone into a temporary directory, so the engine falls back to
`vernier-cli rescore-worker` (the worker before vernier-rescore-worker existed). --no-baseline skips FreeCAD
(freecadcmd is needed only for the baseline: apt-get install freecad). Wall times on a shared machine are
noisy; CPU (user+sys of the process and its children) is printed beside them.
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd, env=None, stdin=None, cwd=ROOT, check=True):
    """(wall s, cpu s, stdout) of one process run to its end."""
    c0, w0 = children_cpu(), time.perf_counter()
    p = subprocess.run(cmd, env=env, cwd=cwd, stdin=stdin if stdin is not None else subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall, cpu = time.perf_counter() - w0, children_cpu() - c0
    if check and p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {p.returncode}:\n{p.stderr[-2000:]}")
    return wall, cpu, p.stdout


def median(xs):
    return statistics.median(xs)


class Set:
    def __init__(self, name, bundle, pack, cache_env):
        self.name, self.bundle, self.pack = name, bundle, pack
        self.cache_env = cache_env  # a VERNIER_CACHE_DIR, or None: the default beside the bundle

    def cache_root(self):
        return self.cache_env or os.path.normpath(self.bundle) + ".vernier-cache"

    def env(self, base):
        e = dict(base)
        e.pop("VERNIER_CACHE_DIR", None)
        if self.cache_env:
            e["VERNIER_CACHE_DIR"] = self.cache_env
        return e

    def cold(self):
        shutil.rmtree(self.cache_root(), ignore_errors=True)


def make_sets(names, tmp):
    sets = []
    for name in names:
        if name == "fixtures":
            data = os.path.join(tmp, "fixtures", "data")
            os.makedirs(data)
            shutil.copytree(os.path.join(ROOT, "resources/sample/results"), os.path.join(data, "results"))
            shutil.copytree(os.path.join(ROOT, "resources/sample/pack"), os.path.join(data, "pack"))
            sets.append(Set(name, os.path.join(data, "results"), os.path.join(data, "pack"), None))
        elif name == "sample":
            sets.append(Set(name, os.path.join(ROOT, "resources/sample/results"),
                            os.path.join(ROOT, "resources/sample/pack"), os.path.join(tmp, "sample-cache")))
        elif name == "gated":
            dest = os.path.join(tmp, "gated", "job")
            os.makedirs(os.path.dirname(dest))
            subprocess.run([sys.executable, os.path.join(ROOT, "bench/make_gated_bundle.py"), dest], check=True,
                           stdout=subprocess.DEVNULL)
            sets.append(Set(name, dest, os.path.join(ROOT, "resources/sample/pack"), os.path.join(tmp, "gated-cache")))
        else:
            sys.exit(f"unknown set {name} (fixtures, sample, gated)")
    return sets


def planned_pairs(cli, s, tmp):
    """The (reference, answer, spec) pairs `rescore` scores, from its own plan on a cold cache."""
    plan = os.path.join(tmp, f"plan-{s.name}")
    env = dict(os.environ, VERNIER_CACHE_DIR=os.path.join(tmp, f"plan-cache-{s.name}"))
    timed([cli, "rescore", s.bundle, "--tasks", s.pack, "--emit-sbatch", plan, "--shards", "1", "--json"], env)
    with open(os.path.join(plan, "shard-0000.json")) as f:
        shard = json.load(f)
    pairs = []
    for t in shard["trials"]:
        j = t["job"]
        spec = (j.get("spec") or {}).get("path")
        stages = [("reference_base", "candidate_base"), ("reference_edit", "candidate_edit")] \
            if j.get("workflow") == "create_and_edit" else [("reference", "candidate")]
        for r, c in stages:
            if j.get(r) and j.get(c):
                if "zip" in j[r] or "zip" in j[c]:
                    sys.exit(f"{s.name}: zipped documents are not supported by the FreeCAD baseline")
                pairs.append({"reference": j[r]["path"], "candidate": j[c]["path"], "spec": spec})
    return pairs, len(shard["trials"])


def baseline(s, pairs, tmp, repeat):
    path = os.path.join(tmp, f"pairs-{s.name}.json")
    with open(path, "w") as f:
        json.dump(pairs, f)
    env = dict(os.environ, VERNIER_BASELINE_PAIRS=path, VERNIER_BASELINE_FAITHFUL="1", VERNIER_BASELINE_ICP="1",
               VERNIER_BASELINE_REPEAT="1", VERNIER_BASELINE_WARMUP="0", VERNIER_ROOT=ROOT)
    walls, cpus, inproc = [], [], []
    for _ in range(repeat):
        wall, cpu, out = timed(["freecadcmd", os.path.join(ROOT, "bench/freecad_baseline.py")], env)
        line = [ln for ln in out.replace("\r", "\n").split("\n") if ln.strip().startswith("{")][-1]
        line = line[line.index("{"):]
        walls.append(wall)
        cpus.append(cpu)
        inproc.append(json.loads(line)["wall_s_per_pair"])
    n = len(pairs)
    return {"wall_ms_per_pair": 1e3 * median(walls) / n, "cpu_ms_per_pair": 1e3 * median(cpus) / n,
            "in_process_ms_per_pair": 1e3 * median(inproc), "wall_s": median(walls)}


def rescore_runs(cli, s, jobs, repeat, extra=(), prepare=None):
    walls, cpus = [], []
    env = s.env(os.environ)
    for _ in range(repeat):
        (prepare or s.cold)()
        wall, cpu, out = timed([cli, "rescore", s.bundle, "--tasks", s.pack, "--jobs", str(jobs), "--json",
                                *extra], env)
        walls.append(wall)
        cpus.append(cpu)
    return median(walls), median(cpus), json.loads(out)


def worker_program(cli):
    lean = os.path.join(os.path.dirname(os.path.abspath(cli)), "vernier-rescore-worker")
    return [lean, "rescore-worker"] if os.path.isfile(lean) else [cli, "rescore-worker"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default=os.path.join(ROOT, "build/bin/vernier-cli"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sets", default="fixtures,sample,gated")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--cli-worker", action="store_true",
                    help="use `vernier-cli rescore-worker` (vernier-cli copied alone into a temporary directory)")
    ap.add_argument("--json", help="also write the figures as JSON to this file")
    args = ap.parse_args()
    if not args.no_baseline and not shutil.which("freecadcmd"):
        sys.exit("freecadcmd not found (apt-get install freecad), or pass --no-baseline")
    tmp = tempfile.mkdtemp(prefix="vernier-e2e-")
    results = {}
    try:
        cli = os.path.abspath(args.cli)
        if args.cli_worker:
            os.makedirs(os.path.join(tmp, "cli-only"))
            cli = shutil.copy2(cli, os.path.join(tmp, "cli-only", "vernier-cli"))
        worker = worker_program(cli)
        print(f"vernier-cli {cli}; worker: {' '.join(worker)}; medians of {args.repeat}, cold cache", flush=True)
        n_cpu = os.cpu_count()
        # Process start alone and the worker's start with no jobs (same for every set).
        start = median([timed([cli, "--version"])[0] for _ in range(args.repeat)])
        wstart = median([timed(worker)[0] for _ in range(args.repeat)])
        wstart_cpu = median([timed(worker)[1] for _ in range(args.repeat)])
        results["_process"] = {"cli_start_ms": 1e3 * start, "worker_start_ms": 1e3 * wstart,
                               "worker_start_cpu_ms": 1e3 * wstart_cpu, "cpus": n_cpu, "worker": worker[0]}
        print(f"process start (vernier-cli --version): {1e3 * start:.0f} ms; worker start, no jobs: "
              f"{1e3 * wstart:.0f} ms wall, {1e3 * wstart_cpu:.0f} ms CPU", flush=True)
        for s in make_sets([x for x in args.sets.split(",") if x], tmp):
            pairs, trials = planned_pairs(cli, s, tmp)
            n = len(pairs)
            r = {"trials_scored": trials, "pairs": n}
            w1, c1, out = rescore_runs(cli, s, 1, args.repeat)
            crashes = len(out.get("scorer_crashes", []))
            w2, c2, _ = rescore_runs(cli, s, 2, args.repeat)
            # Empty rescore: every result cached, the trial index cold (as in the cold run).
            def drop_index():
                shutil.rmtree(os.path.join(s.cache_root(), "index"), ignore_errors=True)
            we, ce, warm = rescore_runs(cli, s, 1, args.repeat, prepare=drop_index)
            assert all(t["cached"] for t in warm["trials"] if "note" not in t), "the empty rescore scored something"
            wn, cn, _ = rescore_runs(cli, s, 1, args.repeat, extra=("--no-cache",))
            r.update({
                "jobs1_wall_ms_per_pair": 1e3 * w1 / n, "jobs1_cpu_ms_per_pair": 1e3 * c1 / n, "jobs1_wall_s": w1,
                "jobs2_wall_ms_per_pair": 1e3 * w2 / n, "jobs2_cpu_ms_per_pair": 1e3 * c2 / n, "jobs2_wall_s": w2,
                "scaling_jobs1_over_jobs2": w1 / w2, "scorer_crashes": crashes,
                "breakdown_jobs1_ms": {"process_start": 1e3 * start, "empty_rescore": 1e3 * we,
                                       "import_keys_cache_reads": 1e3 * (we - start), "worker_start": 1e3 * wstart,
                                       "scoring": 1e3 * (w1 - we - wstart), "no_cache_run": 1e3 * wn,
                                       "cache_write": 1e3 * (w1 - wn)},
                "empty_rescore_cpu_ms": 1e3 * ce, "no_cache_cpu_ms": 1e3 * cn,
            })
            print(f"\n[{s.name}] {trials} trials, {n} pairs ({s.bundle})", flush=True)
            print(f"  vernier --jobs 1: {1e3 * w1 / n:7.1f} ms/pair wall, {1e3 * c1 / n:6.1f} ms/pair CPU "
                  f"({w1:.2f} s)")
            print(f"  vernier --jobs 2: {1e3 * w2 / n:7.1f} ms/pair wall, {1e3 * c2 / n:6.1f} ms/pair CPU "
                  f"({w2:.2f} s; 1 vs 2 workers {w1 / w2:.2f}x)")
            b = r["breakdown_jobs1_ms"]
            print(f"  breakdown (--jobs 1, ms for the run): start {b['process_start']:.0f}, import+keys+cache reads "
                  f"{b['import_keys_cache_reads']:.0f} (empty rescore {b['empty_rescore']:.0f}), worker start "
                  f"{b['worker_start']:.0f}, scoring {b['scoring']:.0f} ({b['scoring'] / n:.1f}/pair), "
                  f"cache write {b['cache_write']:.0f} (--no-cache run {b['no_cache_run']:.0f})", flush=True)
            if not args.no_baseline:
                base = baseline(s, pairs, tmp, args.repeat)
                r["baseline"] = base
                r["ratio_e2e"] = base["wall_ms_per_pair"] / r["jobs1_wall_ms_per_pair"]
                r["ratio_vs_baseline_in_process"] = base["in_process_ms_per_pair"] / r["jobs1_wall_ms_per_pair"]
                r["ratio_cpu"] = base["cpu_ms_per_pair"] / r["jobs1_cpu_ms_per_pair"]
                print(f"  FreeCAD baseline: {base['wall_ms_per_pair']:7.1f} ms/pair wall end to end "
                      f"({base['wall_s']:.1f} s), {base['in_process_ms_per_pair']:.1f} ms/pair in process, "
                      f"{base['cpu_ms_per_pair']:.1f} ms/pair CPU")
                print(f"  ratio (baseline / vernier --jobs 1): {r['ratio_e2e']:.1f}x end to end, "
                      f"{r['ratio_vs_baseline_in_process']:.1f}x against the baseline's in-process figure, "
                      f"{r['ratio_cpu']:.1f}x CPU", flush=True)
            results[s.name] = r
        if args.json:
            with open(args.json, "w") as f:
                json.dump(results, f, indent=2, sort_keys=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
