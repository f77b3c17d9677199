#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""The rescoring cache under concurrent use and under kill -9 (worker/rescoring.cpp RescoreCache::store:
a temporary file beside the entry, renamed over it), on the sample bundle and pack (copied; the fixtures of
tests/cluster/test_slurm_rescore.py):

  concurrent  two `vernier-cli rescore` processes on the same bundle with the same VERNIER_CACHE_DIR at once,
              three times: both succeed with the reference's trials and rewards, and afterwards every cache
              entry is complete, valid, and byte for byte the entry of a single-process rescore
  kill        `vernier-cli rescore` killed with SIGKILL after some trials, at three points: the cache holds
              only complete entries (each one the reference's), and the next run takes those from the cache
              (left untouched) and scores only what is missing, ending with the reference's cache

The processes a test starts are stopped by their pids (the rescore and, after a kill, its worker children
found in /proc), never by name. usage: rescore_crash.py --cli build/bin/vernier-cli --source REPO {concurrent|kill}
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reliability_common import TempDir, check, children_of, copy_sample, reap_or_kill  # noqa: E402


def env_with_cache(cache):
    env = dict(os.environ)
    env["VERNIER_CACHE_DIR"] = str(cache)
    env.pop("VERNIER_SHARD_PAUSE_MS", None)
    return env


def rescore_cmd(cli, data, jobs=2):
    return [cli, "rescore", str(data / "results"), "--tasks", str(data / "pack"), "--json", "--jobs", str(jobs)]


def rescore(cli, data, cache):
    r = subprocess.run(rescore_cmd(cli, data), env=env_with_cache(cache), capture_output=True, text=True, timeout=300)
    if r.returncode not in (0, 3):
        raise AssertionError(f"rescore exited {r.returncode}:\n{r.stderr[-3000:]}")
    return json.loads(r.stdout)


def trials(report):
    return {(t["system"], t["trial"]): (t["rescored"], t.get("error")) for t in report["trials"]}


def cache_files(cache):
    """(entries by key, other files): entries are <2 hex>/<key>.json, anything else (temporaries) is listed."""
    entries, others = {}, []
    root = cache / "rescore"
    if not root.exists():
        return entries, others
    for p in root.rglob("*"):
        if p.is_dir():
            continue
        rel = p.relative_to(root)
        if "crashes" in rel.parts:
            continue
        if p.suffix == ".json" and len(rel.parts) == 2:
            entries[p.name] = p
        else:
            others.append(p)
    return entries, others


def check_entries_complete(cache, reference, what):
    entries, others = cache_files(cache)
    for name, p in entries.items():
        data = p.read_bytes()
        json.loads(data)  # valid JSON: raises otherwise
        if name not in reference or data != reference[name]:
            raise AssertionError(f"{what}: cache entry {name} is not the single-process rescore's entry")
    print(f"ok: {what}: {len(entries)} cache entries, each complete and equal to the reference "
          f"({len(others)} other files)", flush=True)
    return entries, others


def reference_cache(cli, data, tmp):
    cache = tmp / "cache-reference"
    report = rescore(cli, data, cache)
    entries, others = cache_files(cache)
    check(len(entries) > 20 and not others, f"reference rescore: {report['rescored']} trials, {len(entries)} entries")
    return report, {k: p.read_bytes() for k, p in entries.items()}


def test_concurrent(cli, source):
    with TempDir("vernier-rescore-conc-") as tmp:
        data = copy_sample(source, tmp / "data")
        ref_report, ref = reference_cache(cli, data, tmp)
        for round_ in range(3):
            cache = tmp / f"cache-shared-{round_}"
            env = env_with_cache(cache)
            procs = [subprocess.Popen(rescore_cmd(cli, data), env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True) for _ in range(2)]
            outs = []
            try:
                for p in procs:
                    outs.append(p.communicate(timeout=300))
            finally:
                for p in procs:  # only on a timeout: ours, by pid
                    if p.poll() is None:
                        p.kill()
                        p.wait()
            for p, (out, err) in zip(procs, outs):
                check(p.returncode in (0, 3), f"round {round_}: rescore pid {p.pid} exited {p.returncode} "
                                              f"{err[-500:] if p.returncode not in (0, 3) else ''}")
                check(trials(json.loads(out)) == trials(ref_report),
                      f"round {round_}: pid {p.pid} reports the reference's trials and rewards")
            entries, others = check_entries_complete(cache, ref, f"round {round_}")
            check(set(entries) == set(ref), f"round {round_}: every reference entry is there")
            check(not others, f"round {round_}: no temporary file is left behind")
        print("PASS")


def kill_after(cli, data, cache, progress_lines):
    """Starts a rescore (one worker, so it runs long enough), SIGKILLs it once it printed `progress_lines`
    progress lines and waits for its worker to end (killing it by pid if it outlives the grace period).
    Returns False when the run finished before the kill arrived (a race on a fast machine)."""
    p = subprocess.Popen(rescore_cmd(cli, data, jobs=1), env=env_with_cache(cache), stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    seen = 0
    workers = []
    try:
        for line in p.stderr:
            if line.startswith("["):
                seen += 1
                workers = children_of(p.pid) or workers
                if seen >= progress_lines:
                    workers = children_of(p.pid) or workers
                    os.kill(p.pid, signal.SIGKILL)
                    break
    finally:
        if p.poll() is None and seen < progress_lines:
            p.kill()
        p.wait(timeout=60)
        p.stderr.close()
    killed = reap_or_kill(workers, grace=15)
    if p.returncode == 0:
        print(f"rescore pid {p.pid} finished before the kill after {seen} trials")
        return False
    check(p.returncode == -signal.SIGKILL, f"rescore pid {p.pid} killed with SIGKILL after {seen} trials")
    check(not killed, f"its workers {workers} ended by themselves once their parent was gone")
    return True


def test_kill(cli, source):
    with TempDir("vernier-rescore-kill-") as tmp:
        data = copy_sample(source, tmp / "data")
        ref_report, ref = reference_cache(cli, data, tmp)
        cacheable = sum(1 for t in rescore(cli, data, tmp / "cache-reference")["trials"] if t["cached"])
        mid_run = 0
        for at in (8, 16, 24):
            cache = tmp / f"cache-kill-{at}"
            if not kill_after(cli, data, cache, at):
                continue
            mid_run += 1
            before, others = check_entries_complete(cache, ref, f"after a kill at trial {at}")
            check(0 < len(before) < len(ref), f"the kill came mid-run ({len(before)} of {len(ref)} entries)")
            stamps = {k: (p.stat().st_ino, p.stat().st_mtime_ns) for k, p in before.items()}
            report = rescore(cli, data, cache)
            check(trials(report) == trials(ref_report), "the resumed run reports the reference's trials and rewards")
            cached = sum(1 for t in report["trials"] if t["cached"])
            after, _ = check_entries_complete(cache, ref, "after the resumed run")
            check(set(after) == set(ref), "the resumed run completed the cache")
            check(all((after[k].stat().st_ino, after[k].stat().st_mtime_ns) == s for k, s in stamps.items()),
                  "the entries the killed run wrote were used as they were, not rewritten")
            # Trials whose entry existed are taken from the cache; the others are scored (and a trial with
            # the same documents as another shares its entry, so the count is >= the entries).
            check(len(before) <= cached < cacheable, f"it took {cached} trials from the cache and scored "
                                                     f"{cacheable - cached} of {cacheable}")
            leftovers = [p for p in cache_files(cache)[1]]
            print(f"temporary files left by the killed run: {len(leftovers)}")
        check(mid_run >= 2, f"{mid_run} of 3 kills came mid-run")
        print("PASS")


SKIP = 77


def start_xvfb(tmp):
    """An Xvfb of our own on a free display (-displayfd); returns (process, DISPLAY)."""
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=open(tmp / "xvfb.log", "w"))
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    if not number.isdigit():
        xvfb.kill()
        xvfb.wait()
        raise AssertionError("Xvfb did not start")
    return xvfb, f":{number}"


def gui_kill_once(cli, data, tmp, gui, attempt, ref):
    """Starts the GUI on its own Xvfb, starts Analysis > Rescore all trials (clicked and typed with xdotool),
    SIGKILLs it at the first complete cache entry and checks what the kill left: its workers end by
    themselves and every entry in the cache is complete. Returns the entries."""
    xvfb, display = start_xvfb(tmp)
    gui_proc = None
    workers = []
    try:
        cache = tmp / f"cache-gui-{attempt}"
        env = env_with_cache(cache)
        env.update(DISPLAY=display, QT_QPA_PLATFORM="xcb", HOME=str(tmp / "home"),
                   XDG_CONFIG_HOME=str(tmp / "config"), XDG_CACHE_HOME=str(tmp / "xdg-cache"))
        gui_proc = subprocess.Popen([gui, str(data / "results"), "--tasks", str(data / "pack")], env=env,
                                    stdout=subprocess.DEVNULL, stderr=open(tmp / "gui.log", "w"))
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "Vernier"], env=env,
                               capture_output=True, text=True, timeout=60)
        check(found.returncode == 0 and found.stdout.split(), "the main window is shown")
        window = found.stdout.split()[0]
        time.sleep(2)  # the import runs off the GUI thread; the menu works once the trials are in
        entries = {}
        deadline = time.monotonic() + 60
        typed = 0
        last_typed = 0.0
        while time.monotonic() < deadline and gui_proc.poll() is None:
            if typed == 0 or (not workers and not entries and typed < 5 and time.monotonic() - last_typed > 1.0):
                # No window manager: click the Analysis menu (third in the menu bar, top left of the
                # window), then its mnemonic "Rescore &all trials".
                subprocess.run(["xdotool", "mousemove", "--window", window, "112", "8", "click", "1"], env=env,
                               timeout=10)
                time.sleep(0.5)
                subprocess.run(["xdotool", "key", "a"], env=env, timeout=10)
                typed += 1
                last_typed = time.monotonic()
            workers = children_of(gui_proc.pid) or workers
            entries, _ = cache_files(cache)
            if entries:
                os.kill(gui_proc.pid, signal.SIGKILL)
                break
        gui_proc.wait(timeout=30)
        check(gui_proc.returncode == -signal.SIGKILL,
              f"the GUI (pid {gui_proc.pid}) was killed while rescoring (exit {gui_proc.returncode})")
        killed = reap_or_kill(workers, grace=15)
        check(not killed, f"its rescore workers {workers} ended by themselves")
        before, _ = check_entries_complete(cache, ref, "after killing the GUI")
        return before
    finally:
        for p in (gui_proc, xvfb):  # ours, by pid
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()
        reap_or_kill(workers, grace=5)


def test_gui_kill(cli, source, gui):
    """The GUI (`vernier` under Xvfb) killed with SIGKILL while it rescores (Analysis > Rescore all trials,
    clicked and typed with xdotool): the cache holds only complete entries and `vernier-cli rescore` resumes from them."""
    import shutil
    for prog in ("Xvfb", "xdotool"):
        if not shutil.which(prog):
            print(f"SKIPPED: {prog} is not installed", file=sys.stderr)
            sys.exit(SKIP)
    with TempDir("vernier-rescore-gui-") as tmp:
        data = copy_sample(source, tmp / "data")
        ref_report, ref = reference_cache(cli, data, tmp)
        # The 27 sample trials rescore in well under a second: one worker (the GUI's setting, in a
        # configuration of its own) and a kill at the first complete entry keep the kill mid-run; a run that
        # still finishes first is tried again (three times at most), as test_kill does.
        config = tmp / "config" / "Vernier"
        config.mkdir(parents=True)
        (config / "Vernier.conf").write_text("[rescore]\nworkers=1\n")
        for attempt in range(1, 4):
            before = gui_kill_once(cli, data, tmp, gui, attempt, ref)
            if 0 < len(before) < len(ref):
                break
            print(f"attempt {attempt}: the GUI's rescore finished before the kill ({len(before)} entries)")
        check(0 < len(before) < len(ref), f"the kill came mid-run ({len(before)} of {len(ref)} entries)")
        cache = tmp / f"cache-gui-{attempt}"
        report = rescore(cli, data, cache)
        check(trials(report) == trials(ref_report), "the resumed CLI run reports the reference's trials")
        cached = sum(1 for t in report["trials"] if t["cached"])
        after, _ = check_entries_complete(cache, ref, "after the resumed run")
        check(set(after) == set(ref) and cached >= len(before),
              f"the cache is complete; {cached} trials came from the entries the GUI wrote")
        print("PASS")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--gui", help="the vernier executable (for gui_kill)")
    ap.add_argument("which", choices=["concurrent", "kill", "gui_kill"])
    a = ap.parse_args()
    cli = str(Path(a.cli).resolve())
    if a.which == "gui_kill":
        test_gui_kill(cli, Path(a.source), str(Path(a.gui).resolve()))
    else:
        {"concurrent": test_concurrent, "kill": test_kill}[a.which](cli, Path(a.source))
    return 0


if __name__ == "__main__":
    sys.exit(main())
