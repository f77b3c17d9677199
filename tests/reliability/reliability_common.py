# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Shared helpers of the reliability tests (tests/reliability/): running a child process with its own peak RSS,
stopping exactly the processes a test started, temporary folders that are always removed, and the sample
fixtures copied out of resources/sample (never written there)."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GIB = 1 << 30
MIB = 1 << 20


def check(cond, what):
    if not cond:
        raise AssertionError(what)
    print(f"ok: {what}", flush=True)


class Measured:
    def __init__(self, rc, out, err, max_rss_kib, seconds):
        self.returncode = rc
        self.stdout = out
        self.stderr = err
        self.max_rss_kib = max_rss_kib
        self.seconds = seconds

    def json(self):
        return json.loads(self.stdout)


# Runs argv[2:] as a child of a fresh small process and writes its wait4 ru_maxrss (KiB) to argv[1]. The peak
# RSS Linux reports for a process is carried across exec (signal->maxrss) and, for a child spawned with vfork
# (what subprocess uses), starts at the spawning process's own high-water mark: a test that had just built a
# 200 MB string measured Python, not Vernier. A child forked from this ~10 MB interpreter starts near zero.
_MEASURE = r"""
import os, sys
pid = os.fork()
if pid == 0:
    try:
        os.execv(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
_, status, rusage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(str(rusage.ru_maxrss))
if os.WIFSIGNALED(status):
    os.kill(os.getpid(), os.WTERMSIG(status))  # end as the command did, so the caller sees the signal
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run_measured(cmd, env=None, timeout=120, cwd=None):
    """Runs cmd, waits for it and returns its exit code, output and its own peak RSS (KiB: ru_maxrss of that
    process alone, measured through _MEASURE). The command runs in a new session of its own; on timeout that
    session (the measuring process and the command, both started here) is killed and the test fails."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        start = time.monotonic()
        p = subprocess.Popen([sys.executable, "-c", _MEASURE, rss.name] + [str(c) for c in cmd], env=env, cwd=cwd,
                             stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            raise AssertionError(f"{' '.join(map(str, cmd))} did not finish within {timeout} s (killed)")
        seconds = time.monotonic() - start
        code = p.returncode
        text = rss.read().strip()
        out.seek(0)
        err.seek(0)
        return Measured(code, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                        int(text) if text else 0, seconds)


def one_line(text):
    t = text.strip()
    return bool(t) and "\n" not in t and len(t) < 400


def copy_sample(source, dest, results=True, pack=True):
    data = Path(dest)
    data.mkdir(parents=True, exist_ok=True)
    if results:
        shutil.copytree(Path(source) / "resources/sample/results", data / "results")
    if pack:
        shutil.copytree(Path(source) / "resources/sample/pack", data / "pack")
    return data


class TempDir:
    """A temporary folder under $TMPDIR, removed at the end (VERNIER_KEEP_TEST_DIR keeps it)."""

    def __init__(self, prefix):
        self.path = Path(tempfile.mkdtemp(prefix=prefix))

    def __enter__(self):
        return self.path

    def __exit__(self, *exc):
        if os.environ.get("VERNIER_KEEP_TEST_DIR"):
            print(f"kept {self.path}", file=sys.stderr)
        else:
            shutil.rmtree(self.path, ignore_errors=True)
        return False


def children_of(pid):
    """Direct children of pid, from /proc (Linux)."""
    kids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces and parentheses, so split after the last ')'.
        fields = stat[stat.rfind(")") + 2:].split()
        if len(fields) > 1 and int(fields[1]) == pid:
            kids.append(int(entry))
    return kids


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read()
    except OSError:
        return False
    return state[state.rfind(")") + 2:].split()[0] != "Z"


def reap_or_kill(pids, grace=10.0):
    """Waits for the given pids (ours: children of a process we started) to end; kills the ones that
    outlive the grace period, by pid. Returns the pids that had to be killed."""
    deadline = time.monotonic() + grace
    killed = []
    for pid in pids:
        while alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if alive(pid):
            try:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            except ProcessLookupError:
                pass
    return killed
