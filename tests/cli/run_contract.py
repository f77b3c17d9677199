#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""ctest `cli.contract`: runs the built vernier-cli on the repository's own inputs — every FCStd fixture of
tests/data/fcstd, the embedded sample bundle (resources/sample/results with its pack), and the submission
fixtures of tests/data/submission — and holds what it prints against the shapes of tests/cli/contract_rules.py
(docs/contract.md §5, docs/cli.md). Also the exit codes: 0 on success, 2 with a one-line reason on bad input,
3 for a submission with findings. Exits non-zero on any problem, and never skips a command (`export`, in a
build without the GUI libraries, is checked for its one-line refusal instead).

With --external CHECKER it instead runs the benchmark's own contract checker (not part of this repository;
tests/CMakeLists.txt registers `cli.contract_external` only where it is present) on the same inputs, as a
cross-check of the vendored rules.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import contract_rules  # noqa: E402  (after the path is set)

SYSTEM_A = "claude-code/claude-opus-5.5"
SYSTEM_B = "codex/gpt-6-astra"


class Run:
    def __init__(self, cli, env):
        self.cli = cli
        self.env = env
        self.problems = []
        self.checked = []

    def call(self, args, timeout=600):
        p = subprocess.run([self.cli] + args, capture_output=True, text=True, timeout=timeout, env=self.env)
        return p.returncode, p.stdout, p.stderr

    def json_of(self, label, args, codes=(0,)):
        """Runs a command that prints JSON; records a problem when it exits otherwise or prints no JSON."""
        code, out, err = self.call(args)
        if code not in codes:
            self.problems.append(f"{label}: exit {code} (expected {' or '.join(map(str, codes))}): "
                                 f"{err.strip()[-300:]}")
            return None, code
        try:
            return json.loads(out), code
        except ValueError as e:
            self.problems.append(f"{label}: stdout is not JSON ({e})")
            return None, code

    def shape(self, label, command, doc):
        self.checked.append(label)
        if doc is not None:
            self.problems.extend(f"{label}: {p}" for p in contract_rules.problems(command, doc))

    def bad_input(self, label, args):
        """Bad input: exit 2, nothing on stdout, and the reason as the last line of stderr, the only one that
        starts with "vernier-cli" (warnings about the inputs may come before it)."""
        self.checked.append(label)
        code, out, err = self.call(args)
        lines = [line for line in err.splitlines() if line.strip()]
        reasons = [line for line in lines if line.startswith("vernier-cli")]
        if code != 2:
            self.problems.append(f"{label}: exit {code}, expected 2")
        if out.strip():
            self.problems.append(f"{label}: printed to stdout: {out.strip()[:120]!r}")
        if len(reasons) != 1 or lines[-1] != reasons[0]:  # reasons non-empty implies lines non-empty
            self.problems.append(f"{label}: expected one reason line \"vernier-cli ...\" last on stderr, got "
                                 f"{lines[-3:]!r}")


def vendored(o, work):
    fcstd = os.path.join(o.source, "tests", "data", "fcstd")
    pack = os.path.join(o.source, "resources", "sample", "pack")
    results = os.path.join(o.source, "resources", "sample", "results")
    submissions = os.path.join(o.source, "tests", "data", "submission")
    env = dict(os.environ, VERNIER_CACHE_DIR=os.path.join(work, "cache"), QT_QPA_PLATFORM="offscreen")
    r = Run(o.cli, env)

    # inspect: every fixture. A fixture the reader refuses must say why on one line (exit 2).
    fixtures = sorted(glob.glob(os.path.join(fcstd, "*.FCStd")))
    if len(fixtures) < 10:
        r.problems.append(f"only {len(fixtures)} FCStd fixtures under {fcstd}")
    readable = 0
    for path in fixtures:
        label = f"inspect {os.path.basename(path)}"
        doc, code = r.json_of(label, ["inspect", path, "--json"], codes=(0, 2))
        if code == 0:
            readable += 1
            r.shape(label, "inspect", doc)
    if readable < len(fixtures) - 2:
        r.problems.append(f"inspect read only {readable} of {len(fixtures)} fixtures")

    # score: a spec'd pair, a pair without spec (spec fields null), a gated pair, and the two-stage form.
    spec = os.path.join(pack, "freecad-578850b93a", "tests", "spec.json")
    pairs = [
        ("score box_additive/box_sketch_pad --spec", "box_additive", "box_sketch_pad", spec),
        ("score plate_hole/plate_hole_moved", "plate_hole", "plate_hole_moved", None),
        ("score box_additive/two_bodies", "box_additive", "two_bodies", None),
    ]
    for label, ref, cand, spec_path in pairs:
        args = ["score", "--reference", os.path.join(fcstd, ref + ".FCStd"),
                "--candidate", os.path.join(fcstd, cand + ".FCStd"), "--json"]
        if spec_path:
            args += ["--spec", spec_path]
        doc, _ = r.json_of(label, args)
        r.shape(label, "score", doc)
        if doc is not None and not spec_path and (doc.get("cad_spec_consistency") is not None
                                                  or doc.get("combined") is not None):
            r.problems.append(f"{label}: cad_spec_consistency and combined must be null without --spec")
    task = os.path.join(pack, "freecad-7c560f2150", "tests")
    trial = glob.glob(os.path.join(results, "*", "freecad-7c560f2150__*", "artifacts", "app"))
    if not trial:
        r.problems.append("no create_and_edit trial of freecad-7c560f2150 in the sample bundle")
    else:
        label = "score two-stage freecad-7c560f2150"
        doc, _ = r.json_of(label, [
            "score", "--reference-base", os.path.join(task, "reference_base.FCStd"),
            "--reference-edit", os.path.join(task, "reference_edit.FCStd"),
            "--candidate-base", os.path.join(trial[0], "answer_base.FCStd"),
            "--candidate-edit", os.path.join(trial[0], "answer_edit.FCStd"),
            "--spec", os.path.join(task, "spec.json"), "--json"])
        r.shape(label, "score-two-stage", doc)

    # leaderboard: JSON under both selection policies, then the CSV and LaTeX tables of the same rows.
    board, _ = r.json_of("leaderboard", ["leaderboard", results, "--tasks", pack, "--json"])
    r.shape("leaderboard", "leaderboard", board)
    doc, _ = r.json_of("leaderboard --policy mean",
                       ["leaderboard", results, "--tasks", pack, "--policy", "mean", "--json"])
    r.shape("leaderboard --policy mean", "leaderboard", doc)
    if doc is not None and doc.get("selection") != "mean":
        r.problems.append(f"leaderboard --policy mean: selection is {doc.get('selection')!r}")
    n_systems = len(board["systems"]) if isinstance(board, dict) and isinstance(board.get("systems"), list) \
        else None
    r.checked.append("leaderboard --csv")
    code, out, err = r.call(["leaderboard", results, "--tasks", pack, "--csv"])
    if code != 0:
        r.problems.append(f"leaderboard --csv: exit {code}: {err.strip()[-200:]}")
    else:
        r.problems.extend(contract_rules.csv_problems(out, n_systems))
    r.checked.append("leaderboard --latex")
    code, out, err = r.call(["leaderboard", results, "--tasks", pack, "--latex"])
    if code != 0:
        r.problems.append(f"leaderboard --latex: exit {code}: {err.strip()[-200:]}")
    else:
        r.problems.extend(contract_rules.latex_problems(out, n_systems))

    # compare: A against B, and B against A (the delta changes sign, the counts swap).
    ab, _ = r.json_of("compare", ["compare", results, "--tasks", pack, "--a", SYSTEM_A, "--b", SYSTEM_B, "--json"])
    r.shape("compare", "compare", ab)
    ba, _ = r.json_of("compare (swapped)",
                      ["compare", results, "--tasks", pack, "--a", SYSTEM_B, "--b", SYSTEM_A, "--json"])
    r.shape("compare (swapped)", "compare", ba)
    if isinstance(ab, dict) and isinstance(ba, dict):
        if ab.get("higher") != ba.get("lower") or ab.get("lower") != ba.get("higher"):
            r.problems.append("compare: swapping --a and --b does not swap higher and lower")
        if isinstance(ab.get("delta"), (int, float)) and isinstance(ba.get("delta"), (int, float)) \
                and abs(ab["delta"] + ba["delta"]) > 1e-5:
            r.problems.append(f"compare: delta {ab['delta']} and swapped {ba['delta']} are not opposite")

    # rescore: the whole sample, in worker processes, with the cache off (nothing is written anywhere).
    doc, _ = r.json_of("rescore", ["rescore", results, "--tasks", pack, "--no-cache", "--jobs", "2"])
    r.shape("rescore", "rescore", doc)

    # validate-submission: a clean submission passes (0); one with a planted defect has findings (3).
    clean = os.path.join(submissions, "clean")
    policy = os.path.join(clean, "policy.json")
    doc, _ = r.json_of("validate-submission clean", ["validate-submission", clean, "--policy", policy, "--json"])
    r.shape("validate-submission clean", "validate-submission", doc)
    if isinstance(doc, dict) and doc.get("passed") is not True:
        r.problems.append("validate-submission clean: passed is not true")
    label = "validate-submission clean --tasks (re-grade)"
    doc, _ = r.json_of(label, ["validate-submission", clean, "--policy", policy, "--tasks", pack, "--no-cache",
                               "--json"])
    r.shape(label, "validate-submission", doc)
    if isinstance(doc, dict) and (doc.get("passed") is not True or (doc.get("computed") or {}).get("rescored")
                                  is not True):
        r.problems.append(f"{label}: expected passed and rescored to be true")
    defect = os.path.join(submissions, "defect-dataset")
    doc, _ = r.json_of("validate-submission defect-dataset",
                       ["validate-submission", defect, "--policy", os.path.join(defect, "policy.json"), "--json"],
                       codes=(3,))
    r.shape("validate-submission defect-dataset", "validate-submission", doc)

    # export needs the GUI libraries; a CLI built without them must say so on one line (exit 2).
    out_dir = os.path.join(work, "export")
    code, out, err = r.call(["export", results, "--tasks", pack, "--out", out_dir, "--dpi", "72"])
    if code == 2 and "without the GUI" in err:
        r.bad_input("export (no GUI in this build)", ["export", results, "--tasks", pack, "--out", out_dir])
    elif code != 0:
        r.problems.append(f"export: exit {code}: {err.strip()[-300:]}")
    else:
        try:
            doc = json.loads(out)
        except ValueError as e:
            doc = None
            r.problems.append(f"export: stdout is not JSON ({e})")
        r.shape("export", "export", doc)
        files = doc.get("files") if isinstance(doc, dict) else None
        for f in files if isinstance(files, list) else []:
            if isinstance(f, str) and not os.path.isfile(f):
                r.problems.append(f"export: listed file {f} does not exist")
        for name in ("leaderboard.csv", "leaderboard.tex", "overall.svg", "overall.pdf", "overall.png"):
            if not os.path.isfile(os.path.join(out_dir, name)):
                r.problems.append(f"export: no {name} in {out_dir}")
        csv_path = os.path.join(out_dir, "leaderboard.csv")
        if os.path.isfile(csv_path):  # the leaderboard --csv table after one "# provenance" line
            with open(csv_path, encoding="utf-8") as f:
                lines = f.read().splitlines()
            if not lines or not lines[0].startswith("# "):
                r.problems.append("export: leaderboard.csv does not start with its provenance line")
            r.problems.extend("export: " + p for p in
                              contract_rules.csv_problems("\n".join(lines[1:]) + "\n", n_systems))

    # Bad input: exit 2 with a one-line reason.
    r.bad_input("unknown command", ["no-such-command"])
    r.bad_input("inspect of a missing file", ["inspect", os.path.join(work, "missing.FCStd"), "--json"])
    r.bad_input("score without --candidate", ["score", "--reference", fixtures[0] if fixtures else "x", "--json"])
    r.bad_input("leaderboard without --tasks", ["leaderboard", results, "--json"])
    r.bad_input("compare with an unknown system", ["compare", results, "--tasks", pack, "--a", "no/such",
                                                   "--b", SYSTEM_B, "--json"])
    r.bad_input("leaderboard --json --csv", ["leaderboard", results, "--tasks", pack, "--json", "--csv"])

    for p in r.problems:
        print(p)
    print(f"contract: {len(r.checked)} output(s) checked ({len(fixtures)} fixtures inspected), "
          f"{len(r.problems)} problem(s)")
    return 1 if r.problems else 0


def external(o):
    """The benchmark's checker on the same inputs; it skips a command whose inputs it is not given, so the
    last line must name all four it knows."""
    fcstd = os.path.join(o.source, "tests", "data", "fcstd")
    pack = os.path.join(o.source, "resources", "sample", "pack")
    results = os.path.join(o.source, "resources", "sample", "results")
    cmd = [sys.executable, o.external, "--cli", o.cli,
           "--fcstd", os.path.join(fcstd, "box_additive.FCStd"),
           "--reference", os.path.join(fcstd, "box_additive.FCStd"),
           "--candidate", os.path.join(fcstd, "box_sketch_pad.FCStd"),
           "--spec", os.path.join(pack, "freecad-578850b93a", "tests", "spec.json"),
           "--bundle", results, "--tasks", pack, "--a", SYSTEM_A, "--b", SYSTEM_B]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    sys.stdout.write(p.stdout)
    sys.stderr.write(p.stderr)
    last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
    for command in ("inspect", "score", "leaderboard", "compare"):
        if command not in last:
            print(f"contract: the external checker did not check {command}")
            return 1
    return p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True, help="the built vernier-cli")
    ap.add_argument("--source", required=True, help="the repository root")
    ap.add_argument("--external", help="the benchmark's check_contract.py, for the cross-check only")
    o = ap.parse_args()
    if not os.access(o.cli, os.X_OK):
        print(f"contract: {o.cli} is not an executable")
        return 1
    if o.external:
        if not os.path.isfile(o.external):
            print(f"contract: no external checker at {o.external}")
            return 1
        return external(o)
    with tempfile.TemporaryDirectory(prefix="vernier-contract-") as work:
        return vendored(o, work)


if __name__ == "__main__":
    sys.exit(main())
