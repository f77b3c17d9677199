#!/usr/bin/env python3
"""ctest `cli.contract`: runs the benchmark's contract checker (given as --checker; it is not part of this
repository, tests/CMakeLists.txt says where it is looked for) against the built vernier-cli on the repository's
fixtures and the embedded sample bundle, to check the JSON shapes of docs/contract.md §5; exits non-zero on any
problem."""
import argparse
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--source", required=True)
    o = ap.parse_args()

    fcstd = os.path.join(o.source, "tests", "data", "fcstd")
    pack = os.path.join(o.source, "resources", "sample", "pack")
    results = os.path.join(o.source, "resources", "sample", "results")
    spec = os.path.join(pack, "freecad-578850b93a", "tests", "spec.json")
    needed = [o.checker, o.cli, os.path.join(fcstd, "box_additive.FCStd"), os.path.join(fcstd, "box_sketch_pad.FCStd"),
              pack, results, spec]
    missing = [p for p in needed if not os.path.exists(p)]
    if missing:
        print("contract: missing inputs: " + ", ".join(missing))
        return 1
    cmd = [sys.executable, o.checker, "--cli", o.cli,
           "--fcstd", os.path.join(fcstd, "box_additive.FCStd"),
           "--reference", os.path.join(fcstd, "box_additive.FCStd"),
           "--candidate", os.path.join(fcstd, "box_sketch_pad.FCStd"),
           "--spec", spec,
           "--bundle", results, "--tasks", pack,
           "--a", "claude-code/claude-opus-5.5", "--b", "codex/gpt-6-astra"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    sys.stdout.write(p.stdout)
    sys.stderr.write(p.stderr)
    # The checker skips commands whose inputs are absent; all four must have been checked here.
    last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
    for command in ("inspect", "score", "leaderboard", "compare"):
        if command not in last:
            print(f"contract: {command} was not checked")
            return 1
    return p.returncode


if __name__ == "__main__":
    sys.exit(main())
