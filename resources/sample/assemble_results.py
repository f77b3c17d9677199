#!/usr/bin/env python3
"""Writes the text side of the sample bundle: the task pack's task.toml, instruction.md,
tests/spec.json (+ one param_check.py), and the results' Harbor job folders (JobConfig,
JobResult, TrialConfig, TrialResult, ATIF trajectories) and leaderboard-layout runs.

    python3 resources/sample/assemble_results.py

Run after make_sample.py (which writes the FCStd files and drawings) and before
record_rewards.py (which adds the verifier's reward files and reward statistics).
Deterministic: every id, time, token count and cost derives from plan.SEED.
"""
import datetime as dt
import hashlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import plan  # noqa: E402
import sample_text as TX  # noqa: E402

PACK = os.path.join(HERE, "pack")
RESULTS = os.path.join(HERE, "results")
DATASET = "parametric-cad-bench-v3"
REGISTRY_ORG = "gnucleus-ai"
TOOLS = {"claude-code": ("Write", "Bash"), "codex": ("apply_patch", "shell"), "mini-swe-agent": (None, "bash"),
         "antigravity": ("write_to_file", "run_command")}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)


def write_json(path, obj):
    write(path, json.dumps(obj, indent=2, ensure_ascii=False) + "\n")


def rng_for(*parts):
    return random.Random(plan.hex_id("rng", *parts, n=16))


def ts(t, style):
    """Harbor writes naive local datetimes with microseconds; the submission layout uses UTC 'Z'."""
    if style == "harbor":
        return t.isoformat(timespec="microseconds")
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


# ---------------------------------------------------------------- pack
def write_pack():
    for task in plan.TASKS:
        d = os.path.join(PACK, task["id"])
        write(os.path.join(d, "task.toml"), TX.task_toml(task))
        write(os.path.join(d, "instruction.md"), TX.instruction_md(task))
        write(os.path.join(d, "tests", "spec.json"), TX.spec_json(task))
        if task["slug"] == TX.PARAM_CHECK_TASK:
            write(os.path.join(d, "tests", "param_check.py"), TX.PARAM_CHECK)


# ---------------------------------------------------------------- timing, tokens, cost
def schedule():
    """Start/phase times per trial: each system's job runs 2 trials at a time in plan order."""
    out = {}
    for s in plan.SYSTEMS:
        slots = [dt.datetime.fromisoformat(s["job_start"])] * 2
        for t in [t for t in plan.TRIALS if t["sys"] == s["key"]]:
            r = rng_for("time", plan.trial_dir(t))
            i = min(range(2), key=lambda k: slots[k])
            start = slots[i] + dt.timedelta(seconds=r.randint(2, 40))
            env_end = start + dt.timedelta(seconds=r.randint(35, 110))
            setup_end = env_end + dt.timedelta(seconds=r.randint(20, 70))
            exc = t.get("exception")
            if exc and exc[0] == "AgentTimeoutError":
                agent_s = 2400.0
            elif exc:
                agent_s = r.uniform(240, 900)
            else:
                agent_s = r.uniform(300, 2100)
            agent_end = setup_end + dt.timedelta(seconds=agent_s)
            ver_s = 900.0 if (t.get("verifier_error") or ("", ""))[0] == "VerifierTimeoutError" else r.uniform(40, 170)
            ver_end = agent_end + dt.timedelta(seconds=ver_s)
            end = ver_end + dt.timedelta(seconds=r.randint(3, 15))
            slots[i] = end
            out[id(t)] = dict(start=start, env=(start, env_end), setup=(env_end, setup_end),
                              agent=(setup_end, agent_end), verifier=(agent_end, ver_end), end=end, agent_s=agent_s)
    return out


def usage(t, sysd, agent_s):
    r = rng_for("tokens", plan.trial_dir(t))
    turns = max(6, int(agent_s / r.uniform(25, 45)))
    n_in = int(turns * r.uniform(22000, 42000))
    n_cache = int(n_in * r.uniform(0.72, 0.9))
    n_out = int(turns * r.uniform(500, 1400))
    cost = None
    if sysd["cost_per_mtok"]:
        pin, pout = sysd["cost_per_mtok"]
        cost = ((n_in - n_cache) * pin + n_cache * pin * 0.1 + n_out * pout) / 1e6
        cost = round(min(max(cost, 0.2), 8.0), 4)
    return dict(n_input_tokens=n_in, n_cache_tokens=n_cache, n_output_tokens=n_out, cost_usd=cost, turns=turns)


# ---------------------------------------------------------------- ATIF trajectory
def trajectory(t, task, sysd, times, use, style):
    agent = sysd["agent"]
    write_tool, shell_tool = TOOLS[agent]
    files = plan.trial_answer_files(t)
    a0, a1 = times["agent"]
    steps = [dict(step_id=1, timestamp=ts(a0, style), source="user", message=TX.instruction_md(task))]
    script = "/app/answer.py" if task["workflow"] == "image_to_cad" else "/app/build.py"
    plan_msg = {"creation": "I'll write a FreeCAD script that builds the part as a PartDesign Body, run it "
                            "headless, then check volume and face count.",
                "create_and_edit": "I'll build the base part first, save it, then apply the edit on a copy.",
                "image_to_cad": "Let me look at the drawing and list every dimension before modelling."}[task["workflow"]]
    calls = []
    if task["workflow"] == "image_to_cad":
        calls.append((shell_tool, {"command": "python3 -c \"from PIL import Image; print(Image.open('/app/drawing.png').size)\""},
                      "(1680, 1188)"))
    body = "# FreeCAD script for %s\nimport FreeCAD as App\n..." % task["slug"]
    calls.append((write_tool or shell_tool, {"path": script, "content": body} if write_tool else
                  {"command": "cat > %s <<'EOF'\n%s\nEOF" % (script, body)}, "File written: %s" % script))
    calls.append((shell_tool, {"command": "cd /app && freecadcmd %s" % script},
                  "FreeCAD 1.1.0, Libs: 1.1.0\nRecompute... done\n" + "".join("saved /app/%s\n" % f for f in files)))
    if files:
        calls.append((shell_tool, {"command": "cd /app && freecadcmd -c \"import FreeCAD; d=FreeCAD.openDocument('/app/%s'); "
                                              "b=d.getObject('Body'); print(b.Shape.Volume, len(b.Shape.Faces))\"" % sorted(files)[0]},
                      "%.3f %d" % (rng_for("vol", plan.trial_dir(t)).uniform(5e3, 9e4), rng_for("nf", plan.trial_dir(t)).randint(7, 40))))
    exc = t.get("exception")
    n = len(calls) + (0 if exc else 1)
    per_in, per_out, per_cache = use["n_input_tokens"] // n, use["n_output_tokens"] // n, use["n_cache_tokens"] // n
    per_cost = None if use["cost_usd"] is None else round(use["cost_usd"] / n, 6)
    span = (a1 - a0).total_seconds()
    for k, (fn, args, obs) in enumerate(calls):
        cid = "call_%s" % plan.hex_id("call", plan.trial_dir(t), str(k), n=12)
        step = dict(step_id=len(steps) + 1, timestamp=ts(a0 + dt.timedelta(seconds=span * (k + 1) / (n + 1)), style),
                    source="agent", model_name=sysd["model"], message=plan_msg if k == 0 else "",
                    tool_calls=[dict(tool_call_id=cid, function_name=fn, arguments=args)],
                    observation=dict(results=[dict(source_call_id=cid, content=obs)]),
                    metrics=dict(prompt_tokens=per_in, completion_tokens=per_out, cached_tokens=per_cache, cost_usd=per_cost))
        steps.append(step)
    if not exc:
        steps.append(dict(step_id=len(steps) + 1, timestamp=ts(a1, style), source="agent", model_name=sysd["model"],
                          message="Done. Saved %s." % ", ".join("/app/" + f for f in sorted(files)) if files else
                          "I could not produce a valid model in the time available.",
                          metrics=dict(prompt_tokens=per_in, completion_tokens=per_out, cached_tokens=per_cache,
                                       cost_usd=per_cost)))
    fm = dict(total_prompt_tokens=use["n_input_tokens"], total_completion_tokens=use["n_output_tokens"],
              total_cached_tokens=use["n_cache_tokens"], total_cost_usd=use["cost_usd"], total_steps=len(steps))
    doc = dict(schema_version="ATIF-v1.4", session_id=plan.uuid_of("session", plan.trial_dir(t)),
               agent=dict(name=agent, version=sysd["agent_version"], model_name=sysd["model"]), steps=steps,
               final_metrics=fm)
    if use["turns"] > len(steps):
        doc["notes"] = "Abridged for the sample bundle: %d model turns, %d kept." % (use["turns"], len(steps) - 1)
    return doc


# ---------------------------------------------------------------- Harbor objects
def task_config(t, task, sysd):
    if sysd["agent"] == "codex":  # this job ran the registry package, not a local checkout
        return dict(path=None, git_url=None, git_commit_id=None, name="%s/%s" % (REGISTRY_ORG, task["id"]),
                    ref="3", overwrite=False, download_dir=None, source=DATASET)
    return dict(path="datasets/%s/%s" % (DATASET, task["id"]), git_url=None, git_commit_id=None, name=None,
                overwrite=False, download_dir=None, source=DATASET)


def trial_config(t, task, sysd, job_id):
    return dict(task=task_config(t, task, sysd), trial_name=plan.trial_name(t),
                trials_dir="jobs/%s" % (sysd["job_name"] or "submission"), timeout_multiplier=1.0,
                agent=dict(name=sysd["agent"], import_path=None, model_name="%s/%s" % (sysd["provider"], sysd["model"]),
                           override_timeout_sec=None, override_setup_timeout_sec=None, max_timeout_sec=None, kwargs={}, env={}),
                environment=dict(type="docker", import_path=None, force_build=False, delete=True, override_cpus=None,
                                 override_memory_mb=None, override_storage_mb=None, override_gpus=None, kwargs={}),
                verifier=dict(override_timeout_sec=None, max_timeout_sec=None, disable=False),
                artifacts=["/app/answer.FCStd", "/app/answer_base.FCStd", "/app/answer_edit.FCStd", "/app/answer.py"],
                job_id=job_id)


def exception_info(exc, when, style):
    etype, msg = exc
    mod = "harbor.trial.trial" if etype in ("AgentTimeoutError", "VerifierTimeoutError") else (
        "harbor.verifier.verifier" if etype == "RewardFileNotFoundError" else "harbor.agents.installed.base")
    tb = ("Traceback (most recent call last):\n  File \"/usr/local/lib/python3.12/site-packages/harbor/trial/trial.py\", "
          "line 361, in run\n    await self._run_phase()\n  File \"/usr/local/lib/python3.12/site-packages/%s.py\", "
          "line 188, in _run_phase\n    raise %s(%r)\n%s.%s: %s\n" % (mod.replace(".", "/"), etype, msg, mod, etype, msg))
    return dict(exception_type=etype, exception_message=msg, exception_traceback=tb, occurred_at=ts(when, style))


def trial_result(t, task, sysd, times, use, job_id, style):
    exc = t.get("exception")
    vexc = t.get("verifier_error")
    info = None
    if exc:
        info = exception_info(exc, times["agent"][1], style)
    elif vexc:
        info = exception_info(vexc, times["verifier"][1], style)
    name = plan.trial_name(t)
    tc = task_config(t, task, sysd)
    task_name = tc["name"] or task["id"]
    span = lambda p: dict(started_at=ts(p[0], style), finished_at=ts(p[1], style))  # noqa: E731
    return dict(
        id=plan.uuid_of("trial", plan.trial_dir(t)), task_name=task_name, trial_name=name,
        trial_uri="file:///srv/bench/jobs/%s/%s" % (sysd["job_name"] or "submission", name),
        task_id={"path": tc["path"]} if tc["path"] else {"org": REGISTRY_ORG, "name": task["id"], "ref": "3"},
        source=DATASET, task_checksum=hashlib.sha256(("task|" + task["id"]).encode()).hexdigest(),
        config=trial_config(t, task, sysd, job_id),
        agent_info=dict(name=sysd["agent"], version=sysd["agent_version"],
                        model_info=dict(name=sysd["model"], provider=sysd["provider"])),
        agent_result=dict(n_input_tokens=use["n_input_tokens"], n_cache_tokens=use["n_cache_tokens"],
                          n_output_tokens=use["n_output_tokens"], cost_usd=use["cost_usd"], rollout_details=None,
                          metadata={"n_turns": use["turns"]}),
        verifier_result=None,  # filled in by record_rewards.py
        exception_info=info, started_at=ts(times["start"], style), finished_at=ts(times["end"], style),
        environment_setup=span(times["env"]), agent_setup=span(times["setup"]), agent_execution=span(times["agent"]),
        verifier=span(times["verifier"]))


def job_files(sysd, trials, times):
    job_id = plan.uuid_of("job", sysd["key"])
    start = min(times[id(t)]["start"] for t in trials)
    end = max(times[id(t)]["end"] for t in trials)
    cfg = dict(job_name=sysd["job_name"], jobs_dir="jobs", n_attempts=1, timeout_multiplier=1.0,
               orchestrator=dict(type="local", n_concurrent_trials=2, quiet=False),
               environment=dict(type="docker", force_build=False, delete=True),
               verifier=dict(override_timeout_sec=None, max_timeout_sec=None, disable=False),
               agents=[dict(name=sysd["agent"], model_name="%s/%s" % (sysd["provider"], sysd["model"]), kwargs={})],
               datasets=[dict(path="datasets/%s" % DATASET, task_names=None, exclude_task_names=None)], tasks=[])
    res = dict(id=job_id, started_at=ts(start, "harbor"), updated_at=ts(end, "harbor"), finished_at=ts(end, "harbor"),
               n_total_trials=len(trials), stats=None)  # stats: record_rewards.py
    return job_id, cfg, res


def agent_log(t, task, sysd, times, use):
    lines = ["[%s] antigravity %s starting task %s (model %s)" % (ts(times["agent"][0], "runs"), sysd["agent_version"],
                                                                  task["id"], sysd["model"])]
    lines.append("[%s] workspace /app ready; %d files" % (ts(times["agent"][0], "runs"), 2))
    for f in sorted(plan.trial_answer_files(t)):
        lines.append("[%s] wrote /app/%s" % (ts(times["agent"][1], "runs"), f))
    lines.append("[%s] done: %d turns, %d input tokens (%d cached), %d output tokens, $%.4f"
                 % (ts(times["agent"][1], "runs"), use["turns"], use["n_input_tokens"], use["n_cache_tokens"],
                    use["n_output_tokens"], use["cost_usd"] or 0.0))
    return "\n".join(lines) + "\n"


def main():
    write_pack()
    times = schedule()
    for sysd in plan.SYSTEMS:
        trials = [t for t in plan.TRIALS if t["sys"] == sysd["key"]]
        style = "harbor" if sysd["layout"] == "harbor" else "runs"
        job_id, jcfg, jres = job_files(sysd, trials, times)
        if sysd["layout"] == "harbor":
            jdir = os.path.join(RESULTS, sysd["job_name"])
            write_json(os.path.join(jdir, "config.json"), jcfg)
            write_json(os.path.join(jdir, "result.json"), jres)
        for t in trials:
            task = plan.TASK_BY_SLUG[t["task"]]
            tm = times[id(t)]
            use = usage(t, sysd, tm["agent_s"])
            d = os.path.join(RESULTS, plan.trial_dir(t))
            res = trial_result(t, task, sysd, tm, use, job_id, style)
            traj = trajectory(t, task, sysd, tm, use, style)
            write_json(os.path.join(d, "config.json"), res["config"])
            write_json(os.path.join(d, "result.json"), res)
            if sysd["layout"] == "harbor":
                write_json(os.path.join(d, "agent", "trajectory.json"), traj)
                os.makedirs(os.path.join(d, "verifier"), exist_ok=True)
            else:
                write_json(os.path.join(d, "trajectory.json"), traj)
                write(os.path.join(d, "agent.log"), agent_log(t, task, sysd, tm, use))
    print("assembled %d tasks, %d trials" % (len(plan.TASKS), len(plan.TRIALS)))


main()
