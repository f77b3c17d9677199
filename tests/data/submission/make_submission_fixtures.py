#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Builds the cad-bench v2 submission fixtures of tests/models/test_submission.cpp and
# tests/cli/test_validate_submission_cli.cpp (format: docs/formats.md, "cad-bench v2 submissions"):
#
#   python3 tests/data/submission/make_submission_fixtures.py
#
# clean/                 a passing submission: the manifest submissions/v2/alice-claude-code-claude-opus-5.5.yaml
#                        (and the same content as manifest.json), a small test policy.json of the published shape
#                        (3 tasks of resources/sample/pack, made-up but consistent digests), and the downloaded
#                        Harbor job job/<job_name>/ with 3 trials whose FreeCAD documents and verifier files are
#                        copied from resources/sample/results.
# defect-<rule>/         clean with exactly one planted defect; expected.json lists the findings it must give.
# extra-other-system/    clean plus a trial of another system in the same job: skipped, no finding.
#
# Python 3 standard library only; deterministic (reruns are byte-identical).
import hashlib
import json
import os
import shutil
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SAMPLE = os.path.join(ROOT, "resources", "sample", "results")
JOB_A = os.path.join(SAMPLE, "2026-09-14__09-12-41")  # claude-code / claude-opus-5.5
JOB_B = os.path.join(SAMPLE, "2026-09-15__13-40-07")  # codex / gpt-6-astra

NS = uuid.UUID("6f0e4c1a-2b3d-4c5e-8f70-9a1b2c3d4e5f")
JOB_NAME = "2026-09-20__14-05-33"
JOB_ID = str(uuid.uuid5(NS, "job"))
DATASET = "gnucleus-ai/cad-bench"
DATASET_HASH = "sha256:" + hashlib.sha256(b"vernier test dataset gnucleus-ai/cad-bench@v2").hexdigest()
AGENT, AGENT_VERSION, EFFORT = "claude-code", "2.3.14", "high"
MODEL_ID, MODEL_NAME, PROVIDER = "anthropic/claude-opus-5.5", "claude-opus-5.5", "anthropic"
MANIFEST_REL = os.path.join("submissions", "v2", "alice-claude-code-claude-opus-5.5.yaml")
CONTRACT = {
    "reward_file": "reward.json",
    "score_field": "reward",
    "details_file": "reward_details.json",
    "details_fields": ["geometry_similarity", "cad_spec_consistency", "combined"],
    "trajectory_one_of": ["trajectory.json", "trajectory.jsonl", "agent/trajectory.json", "agent/trajectory.jsonl"],
}


def digest(task_id):
    return "sha256:" + hashlib.sha256(("vernier test task " + task_id).encode()).hexdigest()


# The three trials: task, the sample trial giving the documents and verifier files, the sample trial of
# system A giving the trajectory, and the fixture's trial name.
TRIALS = [
    dict(task="freecad-413c26b17a", src=(JOB_A, "freecad-413c26b17a__8JXQruU"),
         traj=(JOB_A, "freecad-413c26b17a__8JXQruU"), name="freecad-413c26b17a__Qm3vX8a"),
    dict(task="freecad-deee5c3830", src=(JOB_B, "freecad-deee5c3830__Nt4K8c7"),
         traj=(JOB_A, "freecad-deee5c3830__jJQVCzR"), name="freecad-deee5c3830__Lr7pK2d"),
    # Verifier timed out: an error under the audit (scores 0), still needs a trajectory and an agent log.
    dict(task="freecad-7c431b252d", src=(JOB_A, "freecad-7c431b252d__MXSiaGW"),
         traj=(JOB_A, "freecad-7c431b252d__MXSiaGW"), name="freecad-7c431b252d__Hz5wN4c"),
]
TASKS = [t["task"] for t in TRIALS]


def dumps(value, indent=4):
    return json.dumps(value, indent=indent, ensure_ascii=False) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def copy(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(src, dst)


def shift_day(value):
    # The sample's trials ran on 2026-09-14/15; the fixture job ran on 2026-09-20.
    return "2026-09-20" + value[10:] if isinstance(value, str) and value[:8] == "2026-09-" else value


def agent_config():
    return {"name": AGENT, "import_path": None, "model_name": MODEL_ID, "override_timeout_sec": None,
            "override_setup_timeout_sec": None, "max_timeout_sec": None, "kwargs": {"reasoning_effort": EFFORT},
            "env": {}}


def trial_config_full(t):
    return {
        "task": {"path": None, "git_url": None, "git_commit_id": None, "name": "gnucleus-ai/" + t["task"],
                 "ref": digest(t["task"]), "overwrite": False, "download_dir": None, "source": DATASET},
        "trial_name": t["name"],
        "trials_dir": "jobs/" + JOB_NAME,
        "timeout_multiplier": 1.0,
        "agent": agent_config(),
        "environment": {"type": "docker", "import_path": None, "force_build": False, "delete": True,
                        "override_cpus": None, "override_memory_mb": None, "override_storage_mb": None,
                        "override_gpus": None, "kwargs": {}},
        "verifier": {"override_timeout_sec": None, "max_timeout_sec": None, "disable": False},
        "artifacts": ["/app/answer.FCStd", "/app/answer.py"],
        "job_id": JOB_ID,
    }


def trial_config_file(t):
    # config.json is TrialConfig with exclude_defaults.
    return {
        "task": {"name": "gnucleus-ai/" + t["task"], "ref": digest(t["task"]), "source": DATASET},
        "trial_name": t["name"],
        "trials_dir": "jobs/" + JOB_NAME,
        "agent": {"name": AGENT, "model_name": MODEL_ID, "kwargs": {"reasoning_effort": EFFORT}},
        "artifacts": ["/app/answer.FCStd", "/app/answer.py"],
        "job_id": JOB_ID,
    }


def trial_lock(t):
    return {"schema_version": 2,
            "task": {"name": "gnucleus-ai/" + t["task"], "version": "2", "type": "package",
                     "digest": digest(t["task"]), "source": DATASET},
            "install_only": False, "timeout_multiplier": 1.0,
            "agent": {"name": AGENT, "model_name": MODEL_ID, "kwargs": {"reasoning_effort": EFFORT}, "env": {}},
            "skills": [],
            "environment": {"type": "docker", "force_build": False, "delete": True, "kwargs": {}},
            "verifier": {"disable": False}}


def agent_log(trajectory):
    lines = ["claude-code %s (model %s, reasoning effort %s)" % (AGENT_VERSION, MODEL_ID, EFFORT)]
    for step in trajectory.get("steps", []):
        message = step.get("message") or ""
        if not isinstance(message, str):
            message = ""
        first = message.strip().splitlines()[0] if message.strip() else ""
        calls = ", ".join(c.get("function_name", "?") for c in step.get("tool_calls") or [])
        lines.append("[%s] %s: %s%s" % (step.get("timestamp", ""), step.get("source", "?"), first[:100],
                                        (" -> " + calls) if calls else ""))
    return "\n".join(lines) + "\n"


def build_trial(job_dir, t):
    src_dir = os.path.join(*t["src"])
    out = os.path.join(job_dir, t["name"])
    result = read_json(os.path.join(src_dir, "result.json"))
    result["id"] = str(uuid.uuid5(NS, "trial " + t["name"]))
    result["task_name"] = "gnucleus-ai/" + t["task"]
    result["trial_name"] = t["name"]
    result["trial_uri"] = "file:///srv/bench/jobs/%s/%s" % (JOB_NAME, t["name"])
    result["task_id"] = {"org": "gnucleus-ai", "name": t["task"], "ref": digest(t["task"])}
    result["source"] = DATASET
    result["task_checksum"] = hashlib.sha256(("checksum " + t["task"]).encode()).hexdigest()
    result["config"] = trial_config_full(t)
    result["agent_info"] = {"name": AGENT, "version": AGENT_VERSION,
                            "model_info": {"name": MODEL_NAME, "provider": PROVIDER}}
    for key in ("started_at", "finished_at"):
        result[key] = shift_day(result[key])
    for phase in ("environment_setup", "agent_setup", "agent_execution", "verifier"):
        if isinstance(result.get(phase), dict):
            result[phase] = {k: shift_day(v) for k, v in result[phase].items()}
    if isinstance(result.get("exception_info"), dict):
        result["exception_info"]["occurred_at"] = shift_day(result["exception_info"]["occurred_at"])
    write(os.path.join(out, "result.json"), dumps(result))
    write(os.path.join(out, "config.json"), dumps(trial_config_file(t)))
    write(os.path.join(out, "lock.json"), dumps(trial_lock(t), indent=2))
    write(os.path.join(out, "trial.log"), "Trial %s started\nTrial %s finished\n" % (t["name"], t["name"]))
    if result.get("exception_info"):
        write(os.path.join(out, "exception.txt"), result["exception_info"]["exception_traceback"])

    traj_src = os.path.join(*t["traj"], "agent", "trajectory.json")
    copy(traj_src, os.path.join(out, "agent", "trajectory.json"))
    write(os.path.join(out, "agent", AGENT + ".txt"), agent_log(read_json(traj_src)))

    for f in sorted(os.listdir(os.path.join(src_dir, "verifier"))):
        copy(os.path.join(src_dir, "verifier", f), os.path.join(out, "verifier", f))

    manifest = []
    for name in ("answer.FCStd", "answer.py"):
        src = os.path.join(src_dir, "artifacts", "app", name)
        dst = os.path.join(out, "artifacts", "app", name)
        if os.path.exists(src):
            copy(src, dst)
        else:
            write(dst, "# answer.py (fixture stub: the sample trial recorded no script).\n"
                       "# Vernier shows answer.py as text and never executes it.\n")
        manifest.append({"source": "/app/" + name, "destination": "artifacts/app/" + name, "type": "file",
                         "status": "ok", "service": "main"})
    write(os.path.join(out, "artifacts", "manifest.json"), dumps(manifest))
    reward = (result.get("verifier_result") or {}).get("rewards", {}).get("reward")
    error = result.get("exception_info") is not None or reward is None
    return dict(name=t["name"], reward=reward, error=error, result=result)


def build_job(job_dir, trials):
    built = [build_trial(job_dir, t) for t in trials]
    rewarded = [b for b in built if b["reward"] is not None]
    mean = sum(b["reward"] or 0.0 for b in built) / len(built)
    reward_stats, exception_stats = {}, {}
    for b in built:
        if b["reward"] is not None:
            reward_stats.setdefault(str(b["reward"]), []).append(b["name"])
        info = b["result"].get("exception_info")
        if info:
            exception_stats.setdefault(info["exception_type"], []).append(b["name"])

    def usage(key):
        return sum((b["result"].get("agent_result") or {}).get(key) or 0 for b in built)

    started = min(b["result"]["started_at"] for b in built)
    finished = max(b["result"]["finished_at"] for b in built)
    job_result = {
        "id": JOB_ID, "started_at": started, "updated_at": finished, "finished_at": finished,
        "n_total_trials": len(built),
        "stats": {
            "n_completed_trials": len(built), "n_errored_trials": sum(len(v) for v in exception_stats.values()),
            "n_running_trials": 0, "n_pending_trials": 0, "n_cancelled_trials": 0, "n_retries": 0,
            "evals": {"%s__%s__%s" % (AGENT, MODEL_NAME, DATASET): {
                "n_trials": len(rewarded), "n_errors": sum(len(v) for v in exception_stats.values()),
                "metrics": [{"mean": mean}], "pass_at_k": {},
                "reward_stats": {"reward": reward_stats}, "exception_stats": exception_stats}},
            "n_input_tokens": usage("n_input_tokens"), "n_cache_tokens": usage("n_cache_tokens"),
            "n_output_tokens": usage("n_output_tokens"), "cost_usd": round(usage("cost_usd"), 6),
        },
    }
    write(os.path.join(job_dir, "result.json"), dumps(job_result))
    write(os.path.join(job_dir, "config.json"), dumps({
        "job_name": JOB_NAME, "jobs_dir": "jobs", "n_concurrent_trials": 2,
        "agents": [{"name": AGENT, "model_name": MODEL_ID, "kwargs": {"reasoning_effort": EFFORT}}],
        "datasets": [{"name": DATASET, "ref": "v2"}]}))
    write(os.path.join(job_dir, "lock.json"), dumps({
        "schema_version": 2, "created_at": started + "Z",
        "harbor": {"version": "0.20.0", "git_commit_hash": "459ff6ec99417589b7f679d14ddf3b3f0ae4f1dc",
                   "is_editable": False},
        "n_concurrent_trials": 2, "retry": {"max_retries": 0},
        "trials": [trial_lock(t) for t in trials]}))
    write(os.path.join(job_dir, "job.log"), "Starting job %s (%d trials)\nJob %s finished\n"
          % (JOB_NAME, len(built), JOB_NAME))
    return built


def declared_for(built):
    errors = sum(1 for b in built if b["error"])
    scores = [0.0 if b["error"] else b["reward"] for b in built]
    cost = sum((b["result"].get("agent_result") or {}).get("cost_usd") or 0 for b in built)
    return dict(mean_reward=sum(scores) / len(scores), n_errors=errors, cost_usd=round(cost, 4))


def manifest_data(declared, **over):
    m = {
        "schema_version": 2,
        "submission": {"version": 1, "submitted_at": "2026-09-21"},
        "contributor": {"handle": "alice", "org": "Example Lab"},
        "bench": {"dataset": DATASET, "tag": "v2", "dataset_content_hash": DATASET_HASH},
        "agent": {"name": AGENT, "display_name": "Claude Code", "display_url": "https://www.anthropic.com/claude-code",
                  "version": AGENT_VERSION, "reasoning_effort": EFFORT, "auth_mode": "api-key"},
        "model": {"id": MODEL_ID, "display_name": "Claude Opus 5.5", "display_url": "https://www.anthropic.com/claude"},
        "results": {"source_jobs": ["https://hub.harborframework.com/jobs/" + JOB_ID],
                    "source_filter": {"agent": AGENT, "agent_version": AGENT_VERSION, "model": MODEL_ID,
                                      "reasoning_effort": EFFORT}},
        "declared": {"mean_reward": declared["mean_reward"], "trials_per_task": 1, "total_trials": len(TASKS),
                     "n_errors": declared["n_errors"], "cost_usd": declared["cost_usd"]},
        "notes": "Vernier test fixture: a made-up submitter, three tasks of the sample pack.\n",
    }
    for path, value in over.items():
        node = m
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value
    return m


def q(value):
    return json.dumps(value)  # a double-quoted YAML scalar


def manifest_yaml(m, unquoted_date=False):
    d = m["declared"]
    date = m["submission"]["submitted_at"] if unquoted_date else q(m["submission"]["submitted_at"])
    lines = [
        "# cad-bench-submission v2 manifest (Vernier test fixture; made-up submitter).",
        "schema_version: %d" % m["schema_version"],
        "",
        "submission:",
        "  version: %d" % m["submission"]["version"],
        "  submitted_at: %s" % date,
        "",
        "contributor:",
        "  handle: %s" % q(m["contributor"]["handle"]),
        "  org: %s" % q(m["contributor"]["org"]),
        "",
        "bench:",
        "  dataset: %s" % q(m["bench"]["dataset"]),
        "  tag: %s" % q(m["bench"]["tag"]),
        "  dataset_content_hash: %s" % q(m["bench"]["dataset_content_hash"]),
        "",
        "agent:",
    ]
    for k in ("name", "display_name", "display_url", "version", "reasoning_effort", "auth_mode"):
        lines.append("  %s: %s" % (k, q(m["agent"][k])))
    lines += ["", "model:"]
    for k in ("id", "display_name", "display_url"):
        lines.append("  %s: %s" % (k, q(m["model"][k])))
    lines += ["", "results:", "  source_jobs:"]
    lines += ["    - %s" % q(u) for u in m["results"]["source_jobs"]]
    lines.append("  source_filter:")
    for k in ("agent", "agent_version", "model", "reasoning_effort"):
        lines.append("    %s: %s" % (k, q(m["results"]["source_filter"][k])))
    lines += ["", "declared:",
              "  mean_reward: %r" % d["mean_reward"],
              "  trials_per_task: %d" % d["trials_per_task"],
              "  total_trials: %d" % d["total_trials"],
              "  n_errors: %d" % d["n_errors"],
              "  cost_usd: %r" % d["cost_usd"],
              "", "notes: |"]
    lines += ["  " + line for line in m["notes"].splitlines()]
    return "\n".join(lines) + "\n"


def policy_data():
    return {
        "dataset": DATASET, "tag": "v2", "dataset_version_id": str(uuid.uuid5(NS, "dataset version")),
        "dataset_content_hash": DATASET_HASH, "task_count": len(TASKS), "freecad_version": "1.1.0",
        "leaderboard": "main", "accepting_submissions": True,
        "submission_source": {"type": "harbor_jobs", "visibility": "public"},
        "artifact_contract": CONTRACT,
        "task_digests": {"gnucleus-ai/" + t: digest(t) for t in sorted(TASKS)},
    }


def trial_dir(folder, index):
    return os.path.join(folder, "job", JOB_NAME, TRIALS[index]["name"])


def build_submission(folder, trials=TRIALS, manifest_over=None, declared_over=None, unquoted_date=False,
                     json_twin=False):
    built = build_job(os.path.join(folder, "job", JOB_NAME), trials)
    declared = declared_for(built)
    declared.update(declared_over or {})
    m = manifest_data(declared, **(manifest_over or {}))
    write(os.path.join(folder, MANIFEST_REL), manifest_yaml(m, unquoted_date))
    if json_twin:
        write(os.path.join(folder, "manifest.json"), dumps(m, indent=2))
    write(os.path.join(folder, "policy.json"), dumps(policy_data(), indent=2))
    return built


def edit_json(path, fn, indent=2):
    value = read_json(path)
    fn(value)
    write(path, dumps(value, indent=indent))


def truncate(path, keep=120):
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data[:keep])


# ---------------------------------------------------------------- variants
# Each: (folder, planted defect, expected findings [(rule, trial index or None)], builder). Unless a variant
# is about the declared figures, its manifest declares what the audit computes, so that only the planted
# defect's findings appear. Some defects necessarily give two findings (e.g. a missing trial is both a
# trial-count and a missing-task finding); expected.json lists exactly what the maintainers' rules give.

def second_trial_of_first_task(name):
    t = dict(TRIALS[0])
    t["name"] = name
    return t


def set_reward(folder, index, delta):
    d = trial_dir(folder, index)
    r = read_json(os.path.join(d, "verifier", "reward.json"))["reward"] + delta
    write(os.path.join(d, "verifier", "reward.json"), dumps({"reward": r}, indent=2))
    write(os.path.join(d, "verifier", "reward.txt"), "%.6f\n" % r)

    def details(v):
        v["score"] = r
        v["combined"] = r
    edit_json(os.path.join(d, "verifier", "reward_details.json"), details)

    def result(v):
        v["verifier_result"]["rewards"]["reward"] = r
    edit_json(os.path.join(d, "result.json"), result, indent=4)
    return r


VARIANTS = []


def variant(name, planted, expected, with_tasks=False, skipped=None):
    def deco(fn):
        VARIANTS.append(dict(name=name, planted=planted, expected=expected, fn=fn, with_tasks=with_tasks,
                             skipped=skipped))
        return fn
    return deco


@variant("defect-schema", "submission.submitted_at is an unquoted YAML date (a date, not a string)",
         [("schema", None)])
def _(f):
    build_submission(f, unquoted_date=True)


@variant("defect-dataset", "bench.dataset_content_hash is not the policy's", [("dataset", None)])
def _(f):
    build_submission(f, manifest_over={"bench.dataset_content_hash": "sha256:" + "0" * 64})


@variant("defect-source_filter", "agent.version says 2.3.15 while source_filter.agent_version says 2.3.14",
         [("source_filter", None)])
def _(f):
    build_submission(f, manifest_over={"agent.version": "2.3.15"})


@variant("defect-total_trials", "declared.total_trials is 4 for 1 x 3 tasks",
         [("total_trials", None), ("trial_count", None)])
def _(f):
    build_submission(f, manifest_over={"declared.total_trials": 4})


@variant("defect-n_errors_bound", "declared.n_errors is 4, more than total_trials 3",
         [("n_errors_bound", None), ("declared_errors", None)])
def _(f):
    build_submission(f, declared_over={"n_errors": 4})


@variant("defect-source_job", "results.source_jobs names another Harbor job than the one downloaded",
         [("source_job", None), ("trial_count", None), ("missing_task", None)], skipped=3)
def _(f):
    other = str(uuid.uuid5(NS, "another job"))
    build_submission(f, manifest_over={"results.source_jobs": ["https://hub.harborframework.com/jobs/" + other]},
                     declared_over={"n_errors": 0})


@variant("defect-trial_count", "a second trial of the first task left in the job (4 trials for 3 declared)",
         [("trial_count", None), ("trials_per_task", None)])
def _(f):
    build_submission(f, trials=TRIALS + [second_trial_of_first_task("freecad-413c26b17a__Yb8tR1e")])


@variant("defect-invalid_result", "the second trial's result.json is cut short (not JSON)",
         [("invalid_result", 1), ("missing_task", None)])
def _(f):
    built = build_submission(f, declared_over={"n_errors": 2, "mean_reward": (1.0 + 0.0 + 0.0) / 3})
    assert built[0]["reward"] == 1.0
    truncate(os.path.join(trial_dir(f, 1), "result.json"))


@variant("defect-trial_config", "the first trial has no config.json (its task is taken from result.json)",
         [("trial_config", 0)])
def _(f):
    build_submission(f)
    os.remove(os.path.join(trial_dir(f, 0), "config.json"))


@variant("defect-task_name", "the first trial's config.json task has a path and no name",
         [("task_name", 0), ("missing_task", None)])
def _(f):
    build_submission(f)
    edit_json(os.path.join(trial_dir(f, 0), "config.json"),
              lambda v: v.__setitem__("task", {"path": "datasets/cad-bench/freecad-413c26b17a", "source": DATASET}),
              indent=4)


@variant("defect-unknown_task", "the first trial ran a task that is not in the policy",
         [("unknown_task", 0), ("missing_task", None)])
def _(f):
    build_submission(f)
    edit_json(os.path.join(trial_dir(f, 0), "config.json"),
              lambda v: v["task"].__setitem__("name", "gnucleus-ai/freecad-0000000000"), indent=4)


@variant("defect-task_digest", "the first trial ran another version of its task (digest differs)",
         [("task_digest", 0)])
def _(f):
    build_submission(f)
    edit_json(os.path.join(trial_dir(f, 0), "config.json"),
              lambda v: v["task"].__setitem__("ref", "sha256:" + "9" * 64), indent=4)


@variant("defect-task_source", "the first trial's task came from another dataset",
         [("task_source", 0)])
def _(f):
    build_submission(f)
    edit_json(os.path.join(trial_dir(f, 0), "config.json"),
              lambda v: v["task"].__setitem__("source", "gnucleus-ai/cad-bench-dev"), indent=4)


@variant("defect-invalid_reward", "the second trial's reward.json holds 1.5 (outside [0, 1]; counted as an error)",
         [("invalid_reward", 1)])
def _(f):
    build_submission(f, declared_over={"n_errors": 2, "mean_reward": (1.0 + 0.0 + 0.0) / 3})
    write(os.path.join(trial_dir(f, 1), "verifier", "reward.json"), dumps({"reward": 1.5}, indent=2))


@variant("defect-missing_trajectory", "the first trial has no agent/trajectory.json", [("missing_trajectory", 0)])
def _(f):
    build_submission(f)
    os.remove(os.path.join(trial_dir(f, 0), "agent", "trajectory.json"))


@variant("defect-missing_agent_log", "the errored third trial has no agent/claude-code.txt",
         [("missing_agent_log", 2)])
def _(f):
    build_submission(f)
    os.remove(os.path.join(trial_dir(f, 2), "agent", AGENT + ".txt"))


@variant("defect-missing_details", "the second trial has no verifier/reward_details.json", [("missing_details", 1)])
def _(f):
    build_submission(f)
    os.remove(os.path.join(trial_dir(f, 1), "verifier", "reward_details.json"))


@variant("defect-invalid_details", "the second trial's reward_details.json is cut short", [("invalid_details", 1)])
def _(f):
    build_submission(f)
    truncate(os.path.join(trial_dir(f, 1), "verifier", "reward_details.json"))


@variant("defect-details_range", "the second trial's geometry_similarity is 1.25", [("details_range", 1)])
def _(f):
    build_submission(f)
    edit_json(os.path.join(trial_dir(f, 1), "verifier", "reward_details.json"),
              lambda v: v.__setitem__("geometry_similarity", 1.25))


@variant("defect-combined_mismatch", "the second trial's details combined is 0.01 above its reward",
         [("combined_mismatch", 1)])
def _(f):
    build_submission(f)
    edit_json(os.path.join(trial_dir(f, 1), "verifier", "reward_details.json"),
              lambda v: v.__setitem__("combined", v["combined"] + 0.01))


@variant("defect-missing_answer", "the first trial (reward 1.0) has no answer.py", [("missing_answer", 0)])
def _(f):
    build_submission(f)
    os.remove(os.path.join(trial_dir(f, 0), "artifacts", "app", "answer.py"))


@variant("defect-missing_task", "the second task's trial is not in the job",
         [("trial_count", None), ("missing_task", None)])
def _(f):
    build_submission(f, trials=[TRIALS[0], TRIALS[2]])


@variant("defect-trials_per_task", "the first task ran twice and the second not at all",
         [("trials_per_task", None), ("missing_task", None)])
def _(f):
    build_submission(f, trials=[TRIALS[0], second_trial_of_first_task("freecad-413c26b17a__Yb8tR1e"), TRIALS[2]])


@variant("defect-declared_mean", "declared.mean_reward is 0.01 above the audited mean", [("declared_mean", None)])
def _(f):
    build_submission(f)
    rewrite_manifest(f, mean_delta=0.01)


@variant("defect-declared_errors", "declared.n_errors is 0; the audit counts 1", [("declared_errors", None)])
def _(f):
    build_submission(f, declared_over={"n_errors": 0})


@variant("defect-rescore_mismatch", "the second trial's recorded reward is 0.02 below what its answer scores "
         "(consistent files; found only by rescoring with --tasks)", [("rescore_mismatch", 1)], with_tasks=True)
def _(f):
    build_submission(f)
    set_reward(f, 1, -0.02)
    rewrite_manifest(f)


def rewrite_manifest(f, mean_delta=0.0):
    # The manifest declaring what the (edited) job's three trials give.
    built = []
    for i in range(len(TRIALS)):
        result = read_json(os.path.join(trial_dir(f, i), "result.json"))
        reward = (result.get("verifier_result") or {}).get("rewards", {}).get("reward")
        built.append(dict(reward=reward, result=result, error=result.get("exception_info") is not None or reward is None))
    declared = declared_for(built)
    declared["mean_reward"] += mean_delta
    write(os.path.join(f, MANIFEST_REL), manifest_yaml(manifest_data(declared)))


@variant("extra-other-system", "no defect: the job also holds a trial of another system (codex), which the "
         "source_filter skips", [], skipped=1)
def _(f):
    build_submission(f)
    # Another system's trial in the same job: same job id, another agent key.
    other = dict(task="freecad-413c26b17a", src=(JOB_B, "freecad-413c26b17a__Ha9L4Ta"),
                 traj=(JOB_B, "freecad-413c26b17a__Ha9L4Ta"), name="freecad-413c26b17a__Cx2dV9q")
    build_trial(os.path.join(f, "job", JOB_NAME), other)
    d = os.path.join(f, "job", JOB_NAME, other["name"])

    def codex(v):
        v["agent_info"] = {"name": "codex", "version": "0.48.0", "model_info": {"name": "gpt-6-astra", "provider": "openai"}}
        v["config"]["agent"]["name"] = "codex"
        v["config"]["agent"]["model_name"] = "openai/gpt-6-astra"
    edit_json(os.path.join(d, "result.json"), codex, indent=4)

    def codex_config(v):
        v["agent"]["name"] = "codex"
        v["agent"]["model_name"] = "openai/gpt-6-astra"
    edit_json(os.path.join(d, "config.json"), codex_config, indent=4)


def readme(variants):
    lines = [
        "# cad-bench v2 submission fixtures",
        "",
        "Generated by `python3 tests/data/submission/make_submission_fixtures.py` (standard library only,",
        "deterministic). The format and the rules are described in docs/formats.md (\"cad-bench v2 submissions\").",
        "",
        "* `clean/`: a passing submission. `submissions/v2/alice-claude-code-claude-opus-5.5.yaml` (and",
        "  `manifest.json`, the same content as JSON), `policy.json` (a test policy of the published",
        "  `benchmarks/v2.json` shape: 3 tasks of `resources/sample/pack` with made-up, consistent sha256 digests)",
        "  and the downloaded Harbor 0.20 job `job/%s/` (job `result.json`, `config.json`, `lock.json`; 3 trials"
        % JOB_NAME,
        "  with `result.json`, `config.json`, `lock.json`, `agent/trajectory.json`, `agent/claude-code.txt`,",
        "  `verifier/`, `artifacts/app/answer.FCStd` + `answer.py`). Documents and verifier files are copied from",
        "  `resources/sample/results`: trial 1 (`%s`) scored 1.0, trial 2 (`%s`) %.6f, trial 3 (`%s`)"
        % (TRIALS[0]["name"], TRIALS[1]["name"], CLEAN_REWARDS[1], TRIALS[2]["name"]),
        "  hit `VerifierTimeoutError` (an error: scores 0). Declared mean %.8f, 1 error." % CLEAN_MEAN,
        "* The rules are the cad-bench-submission maintainers' (manifest schema and checks, artifact audit);",
        "  answers are looked for only where their audit looks (trial root and `artifacts/app/`).",
        "* Each other folder is `clean/` with exactly one planted defect. Its manifest declares what the audit",
        "  computes (unless the defect is in the declared figures), so only the defect's findings appear; some",
        "  defects necessarily give two (a missing trial is also a missing task). `expected.json` holds the list.",
        "",
        "| folder | planted defect | expected findings (rule @ trial) |",
        "|---|---|---|",
    ]
    for v in variants:
        found = ", ".join("`%s`%s" % (rule, "" if i is None else " @ %d" % (i + 1)) for rule, i in v["expected"])
        note = " (with `--tasks resources/sample/pack`; none without)" if v["with_tasks"] else ""
        lines.append("| `%s/` | %s | %s%s |" % (v["name"], v["planted"], found or "none", note))
    lines += ["", "Trial numbers are the trials of `clean/` in the order above.", ""]
    return "\n".join(lines)


CLEAN_REWARDS = []
CLEAN_MEAN = 0.0


def main():
    global CLEAN_REWARDS, CLEAN_MEAN
    for entry in sorted(os.listdir(HERE)):
        if entry in ("clean",) or entry.startswith("defect-") or entry.startswith("extra-"):
            shutil.rmtree(os.path.join(HERE, entry))
    built = build_submission(os.path.join(HERE, "clean"), json_twin=True)
    CLEAN_REWARDS = [b["reward"] for b in built]
    CLEAN_MEAN = declared_for(built)["mean_reward"]
    for v in VARIANTS:
        folder = os.path.join(HERE, v["name"])
        v["fn"](folder)
        expected = {
            "variant": v["name"],
            "planted": v["planted"],
            "with_tasks": v["with_tasks"],
            "findings": [{"rule": rule, "trial": "" if i is None else TRIALS[i]["name"]} for rule, i in v["expected"]],
        }
        if v["skipped"] is not None:
            expected["skipped"] = v["skipped"]
        write(os.path.join(folder, "expected.json"), dumps(expected, indent=2))
    write(os.path.join(HERE, "README.md"), readme(VARIANTS))


if __name__ == "__main__":
    main()
