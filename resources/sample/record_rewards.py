#!/usr/bin/env python3
"""Records the verifier output of every sample trial by running Vernier's scorer.

    python3 resources/sample/record_rewards.py [--cli build/bin/vernier-cli]

For each trial that has its answer documents and a working verifier, runs
    vernier-cli score --reference R --candidate C --spec S --json                     (single part)
    vernier-cli score --reference-base RB --reference-edit RE \
                      --candidate-base CB --candidate-edit CE --spec S --json         (create_and_edit)
and writes reward.json, reward.txt (Harbor jobs), reward_details.json, verifier/test-stdout.txt,
the trial's result.json verifier_result, and each Harbor job's result.json statistics.

Trials without an answer get the zero the benchmark wrapper writes ("No solid shape found
in candidate model ..."); trials whose verifier crashed (plan: verifier_error) get no reward
files at all. Two trials carry a documented offset (plan: drift) between the scorer's value
and the recorded "official" one: they stand for the benchmark's verifier running OCCT 7.9.3
while Vernier runs Debian's OCCT 7.6.3 (see README.md, "Kernel drift").
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import plan  # noqa: E402

PACK = os.path.join(HERE, "pack")
RESULTS = os.path.join(HERE, "results")


def write_json(path, obj):
    with open(path, "w") as fh:
        fh.write(json.dumps(obj, indent=2, ensure_ascii=False) + "\n")


def load(path):
    with open(path) as fh:
        return json.load(fh)


def harmonic(a, b):
    return 0.0 if a <= 0 or b <= 0 else 2 * a * b / (a + b)


def run_cli(cli, args):
    cmd = [cli, "score"] + args + ["--json"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if p.returncode != 0:
        raise RuntimeError("%s failed (exit %d): %s" % (" ".join(cmd), p.returncode, p.stderr.strip()))
    return json.loads(p.stdout)


def geometry_reason(res, ref_name, cand_name):
    gate = res.get("gate")
    if gate:
        return gate["reason"]
    sub = res.get("subscores") or {}
    icp = res.get("icp") or {}
    parts = ", ".join("%s=%.3f" % (k, sub[k]) for k in ("surface_types", "volume", "surface_area",
                                                         "principal_moments", "icp") if sub.get(k) is not None)
    return ("%s vs %s: overall=%.3f [solid_count=1 (matched)] (%s); bbox=%.3f (OCCT OBB; gate passed); "
            "icp[max_residual=%.3e rmse=%.3e mm]" % (ref_name, cand_name, res["geometry_similarity"], parts,
                                                    sub.get("bbox") or 0.0, icp.get("max_residual") or 0.0,
                                                    icp.get("rmse") or 0.0))


def spec_reason(res, cand_name):
    params = res.get("parameters") or []
    c = sum(p["status"] == "consistent" for p in params)
    i = sum(p["status"] == "inconsistent" for p in params)
    n = sum(p["status"] == "not_found" for p in params)
    return ("spec.json vs %s: spec_score=%.3f (%d/%d consistent, %d inconsistent, %d not_found; failure_budget=10)"
            % (cand_name, res["cad_spec_consistency"] or 0.0, c, len(params), i, n))


def stage_details(res, ref_name, cand_name):
    return dict(geometry_similarity=res["geometry_similarity"], cad_spec_consistency=res["cad_spec_consistency"],
                combined=res["combined"], geometry_similarity_reason=geometry_reason(res, ref_name, cand_name),
                cad_spec_consistency_reason=spec_reason(res, cand_name))


def missing_stage(cand_name):
    return dict(geometry_similarity=0.0, cad_spec_consistency=0.0, combined=0.0,
                geometry_similarity_reason="No solid shape found in candidate model '%s'" % cand_name,
                cad_spec_consistency_reason="FCStd load failed: file not found: /app/%s" % cand_name)


def apply_drift(details, drift):
    """The official verifier's value: geometry shifted by the kernel difference, combine kept exact."""
    r = min(1.0, max(0.0, details["combined"] + drift))
    s = details["cad_spec_consistency"]
    details["geometry_similarity"] = r * s / (2 * s - r)
    details["combined"] = r
    details["geometry_similarity_reason"] += " [official verifier, OCCT 7.9.3]"
    return r


def score_trial(t, cli):
    """(reward or None, reward_details or None, stdout text) for one trial."""
    task = plan.TASK_BY_SLUG[t["task"]]
    tests = os.path.join(PACK, task["id"], "tests")
    spec = os.path.join(tests, "spec.json")
    adir = os.path.join(RESULTS, plan.answer_dir(t))
    files = plan.trial_answer_files(t)
    head = "freecad-validator 0.6.0 (scorer v2, combine harmonic, spec failure budget 10)\n"
    if t.get("verifier_error"):
        return None, None, head + "loading reference and candidate ...\n"
    if task["workflow"] == "create_and_edit":
        if len(files) < 2:
            base = missing_stage("answer_base.FCStd") if "answer_base.FCStd" not in files else dict(
                missing_stage("answer_base.FCStd"), geometry_similarity=None, cad_spec_consistency=None, combined=None,
                geometry_similarity_reason="not scored: the edit stage is missing",
                cad_spec_consistency_reason="not scored: the edit stage is missing")
            details = dict(score=0.0, base=base, target=missing_stage("answer_edit.FCStd"))
            return 0.0, details, head + "candidate missing: /app/answer_edit.FCStd\nreward: 0.000000\n"
        out = run_cli(cli, ["--reference-base", os.path.join(tests, "reference_base.FCStd"),
                            "--reference-edit", os.path.join(tests, "reference_edit.FCStd"),
                            "--candidate-base", os.path.join(adir, "answer_base.FCStd"),
                            "--candidate-edit", os.path.join(adir, "answer_edit.FCStd"), "--spec", spec])
        base = stage_details(out["base"], "reference_base.FCStd", "answer_base.FCStd")
        target = stage_details(out["edit"], "reference_edit.FCStd", "answer_edit.FCStd")
        reward = out["combined"]
        if abs(harmonic(base["combined"], target["combined"]) - reward) > 1e-9:
            raise RuntimeError("%s: combined %r is not the harmonic mean of the stages" % (plan.trial_dir(t), reward))
        details = dict(score=reward, base=base, target=target)
        text = "base: combined=%.6f\nedit: combined=%.6f\nreward: %.6f\n" % (base["combined"], target["combined"], reward)
        return reward, details, head + text
    if not files:
        d = missing_stage("answer.FCStd")
        return 0.0, dict(score=0.0, **d), head + "candidate missing: /app/answer.FCStd\nreward: 0.000000\n"
    res = run_cli(cli, ["--reference", os.path.join(tests, "reference.FCStd"),
                        "--candidate", os.path.join(adir, "answer.FCStd"), "--spec", spec])
    d = stage_details(res, "reference.FCStd", "answer.FCStd")
    reward = d["combined"]
    if t.get("drift"):
        reward = apply_drift(d, t["drift"])
    details = dict(score=reward, **d)
    text = ("geometry_similarity: %.6f\ncad_spec_consistency: %.6f\ncombined (harmonic): %.6f\nreward: %.6f\n"
            % (d["geometry_similarity"], d["cad_spec_consistency"], d["combined"], reward))
    return reward, details, head + text


def job_stats(sysd, rewards):
    trials = [t for t in plan.TRIALS if t["sys"] == sysd["key"]]
    reward_stats, exc_stats, known = {}, {}, []
    for t in trials:
        name = plan.trial_name(t)
        r = rewards.get(plan.trial_dir(t))
        if r is not None:
            reward_stats.setdefault(repr(round(r, 6)), []).append(name)
            known.append(r)
        exc = t.get("exception") or t.get("verifier_error")
        if exc:
            exc_stats.setdefault(exc[0], []).append(name)
    n_err = sum(len(v) for v in exc_stats.values())
    key = "%s__%s__parametric-cad-bench-v3" % (sysd["agent"], sysd["model"])
    return dict(n_trials=len(trials), n_errors=n_err,
                evals={key: dict(n_trials=len(trials), n_errors=n_err,
                                 metrics=[dict(mean=sum(known) / len(trials) if trials else None)],
                                 reward_stats=dict(reward=reward_stats), exception_stats=exc_stats)})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default=os.path.join(REPO, "build", "bin", "vernier-cli"))
    args = ap.parse_args()
    if not os.access(args.cli, os.X_OK):
        sys.exit("record_rewards: %s is not an executable vernier-cli (build it, or pass --cli)" % args.cli)
    rewards = {}
    for t in plan.TRIALS:
        sysd = plan.SYSTEM_BY_KEY[t["sys"]]
        tdir = os.path.join(RESULTS, plan.trial_dir(t))
        vdir = os.path.join(tdir, "verifier") if sysd["layout"] == "harbor" else tdir
        os.makedirs(vdir, exist_ok=True)
        reward, details, text = score_trial(t, args.cli)
        for f in ("reward.json", "reward.txt", "reward_details.json"):
            if os.path.exists(os.path.join(vdir, f)):
                os.remove(os.path.join(vdir, f))
        if reward is not None:
            write_json(os.path.join(vdir, "reward.json"), {"reward": reward})
            write_json(os.path.join(vdir, "reward_details.json"), details)
            if sysd["layout"] == "harbor":
                with open(os.path.join(vdir, "reward.txt"), "w") as fh:
                    fh.write("%.6f\n" % reward)
            rewards[plan.trial_dir(t)] = reward
        if sysd["layout"] == "harbor":
            with open(os.path.join(vdir, "test-stdout.txt"), "w") as fh:
                fh.write(text)
        res_path = os.path.join(tdir, "result.json")
        res = load(res_path)
        res["verifier_result"] = None if reward is None else {"rewards": {"reward": reward}}
        write_json(res_path, res)
        print("%-62s %s" % (plan.trial_dir(t), "no reward" if reward is None else "%.6f" % reward))
    for sysd in plan.SYSTEMS:
        if sysd["layout"] != "harbor":
            continue
        path = os.path.join(RESULTS, sysd["job_name"], "result.json")
        jr = load(path)
        jr["stats"] = job_stats(sysd, rewards)
        write_json(path, jr)


main()
