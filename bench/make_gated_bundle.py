#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Builds a result bundle with gated candidates for bench/bench_rescore_e2e.py: a copy of one small real
job of the embedded sample (default resources/sample/results/2026-09-15__13-40-07, 10 trials, 9 tasks) in
which the single-step answers (answer.FCStd) of `--gated N` trials, every other one in path order, are
replaced by bench/data/prism_5004.FCStd (5006 faces: over the v2 complexity gate, docs/scoring.md §5;
bench/make_gated_candidate.py). The trials keep their recorded rewards, so `rescore` lists them as
mismatches; that is expected. Deterministic: the same inputs give the same bundle.

    python3 bench/make_gated_bundle.py DEST [--source JOB] [--gated N]

DEST must not exist. Never writes anywhere but DEST.
"""
import argparse
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dest")
    ap.add_argument("--source", default=os.path.join(ROOT, "resources/sample/results/2026-09-15__13-40-07"))
    ap.add_argument("--gated", type=int, default=2, help="how many answers to replace (default 2)")
    args = ap.parse_args()
    prism = os.path.join(HERE, "data", "prism_5004.FCStd")
    if not os.path.isfile(prism):
        sys.exit(f"{prism} is missing (freecadcmd bench/make_gated_candidate.py builds it)")
    if os.path.exists(args.dest):
        sys.exit(f"{args.dest} exists; give a new directory")
    shutil.copytree(args.source, args.dest)
    answers = []
    for d, _, files in os.walk(args.dest):
        answers += [os.path.join(d, f) for f in files if f == "answer.FCStd"]
    answers.sort()
    chosen = answers[::2][: args.gated]
    if len(chosen) < args.gated:
        sys.exit(f"only {len(chosen)} answers can be replaced in {args.source}")
    for a in chosen:
        shutil.copyfile(prism, a)
        print("gated:", os.path.relpath(a, args.dest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
