#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Deterministic Harbor 0.20 / 0.22 result bundles for Vernier's reader tests.

Run from anywhere (python3 standard library only, no FreeCAD):

    python3 tests/data/harbor/make_harbor_fixtures.py

It rebuilds everything under tests/data/harbor/ except this script: a task pack, three Harbor job
folders and two ATIF trajectories, plus README.md and trajectories/EXPECTED.md whose numbers are
computed here from the same data. Reruns are byte-identical: ids, suffixes, digests and times are
derived from SEED, nothing reads the clock or the environment.

The documents, answer scripts and verifier verdicts are re-used from the embedded sample bundle
(resources/sample), which were made with FreeCAD and scored by `vernier-cli score`; the file shapes
(field order, nulls, number and time formats, folder layout) are those Harbor 0.20.0 / 0.22.0 write
(see docs/formats.md). The one verdict that is not a recorded scorer output is marked SYNTHESIZED
below and in README.md.
"""
import ast
import hashlib
import json
import os
import shutil
import sys
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SAMPLE = os.path.join(ROOT, "resources", "sample")
RESULTS = os.path.join(SAMPLE, "results")
OUT = HERE

SEED = "vernier-harbor-fixtures-2026"
ORG = "gnucleus-ai"
DATASET = "gnucleus-ai/cad-bench"
DATASET_REF = "v2"
HOST_JOBS = "/srv/harbor/jobs"

GENERATED = ["pack", "job-0.22", "job-0.20", "job-details-no-answers", "ablation", "trajectories", "README.md"]

# Sample trials whose documents and verdicts are re-used (relative to resources/sample/results).
SRC = {
    "plate_holes7": "runs/antigravity/gemini-3.8-flash/freecad-578850b93a",      # 0.78666 (holes 7.0 mm)
    "plate_noholes": "2026-09-16__08-03-55/freecad-578850b93a__Zcex4uy",          # 0.26029 (no holes)
    "clevis_gap14": "runs/antigravity/gemini-3.8-flash/freecad-7c431b252d",      # 0.35463 (lug gap 14 mm)
    "clevis_vtimeout": "2026-09-14__09-12-41/freecad-7c431b252d__MXSiaGW",       # VerifierTimeoutError
    "flange_exact": "2026-09-14__09-12-41/freecad-413c26b17a__8JXQruU",          # 1.0
    "flange_exact_b": "2026-09-15__13-40-07/freecad-413c26b17a__Ha9L4Ta",        # 1.0
    "flange_half": "2026-09-16__08-03-55/freecad-413c26b17a__RJnpqac",           # 0.0, bbox gate
    "bushing_off": "2026-09-15__13-40-07/freecad-deee5c3830__Nt4K8c7",           # 0.54901
    "spacer_pcd24": "2026-09-15__13-40-07/freecad-856aa02a44__WcUqT2V",          # base 1.0, two-stage 0.80488
    "bracket_nofillet": "2026-09-16__08-03-55/freecad-c1b47f5fee__8b8hpez",      # base 1.0, two-stage 0.56940
    "bracket_exact": "2026-09-14__09-12-41/freecad-c1b47f5fee__qLhkr8L",         # base 1.0, two-stage 1.0
    "cover_grid": "runs/antigravity/gemini-3.8-flash/freecad-7c560f2150",        # 0.0, face_count gate (edit)
    "block_scaled": "2026-09-15__13-40-07/freecad-de56941e17__jgmHTRW",          # 0.0, spec zero
    "shaft_timeout": "2026-09-16__08-03-55/freecad-d7a043ce3d__HKQuoQL",         # AgentTimeoutError, 0.0
    "bushing_exact": "2026-09-14__09-12-41/freecad-deee5c3830__jJQVCzR",         # 1.0
    "clevis_baked": "2026-09-15__13-40-07/freecad-7c431b252d__iQDbzzh",          # 0.0, baked geometry gate
}

PACK_TASKS = ["freecad-578850b93a", "freecad-deee5c3830", "freecad-856aa02a44", "freecad-c1b47f5fee",
              "freecad-7c431b252d", "freecad-413c26b17a",
              # only for job-0.20 and job-details-no-answers (their verdicts exist only on these tasks)
              "freecad-7c560f2150", "freecad-de56941e17", "freecad-d7a043ce3d"]
MULTI_STEP = {"freecad-856aa02a44": "final", "freecad-c1b47f5fee": "mean"}
IMAGE_TASKS = {"freecad-7c431b252d", "freecad-413c26b17a", "freecad-de56941e17"}
WORKFLOW = {"freecad-578850b93a": "creation", "freecad-deee5c3830": "creation", "freecad-d7a043ce3d": "creation",
            "freecad-856aa02a44": "create_and_edit", "freecad-c1b47f5fee": "create_and_edit",
            "freecad-7c560f2150": "create_and_edit", "freecad-7c431b252d": "image_to_cad",
            "freecad-413c26b17a": "image_to_cad", "freecad-de56941e17": "image_to_cad"}

SHORTUUID_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


# ------------------------------------------------------------------ deterministic ids
def hexd(*parts, n=64):
    return hashlib.sha256("|".join((SEED,) + tuple(str(p) for p in parts)).encode()).hexdigest()[:n]


def uuid_of(*parts):
    h = hexd("uuid", *parts, n=32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], "89ab"[int(h[16], 16) % 4], h[17:20], h[20:32])


def suffix(*parts):
    digest = hashlib.sha256("|".join((SEED, "suffix") + parts).encode()).digest()
    return "".join(SHORTUUID_ALPHABET[b % len(SHORTUUID_ALPHABET)] for b in digest[:7])


# ------------------------------------------------------------------ output helpers
def out_path(*rel):
    return os.path.join(OUT, *rel)


def write_bytes(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(data)


def write_text(path, text):
    write_bytes(path, text.encode("utf-8"))


def harbor_json(obj):
    """model_dump_json(indent=4): 4 spaces, ": " and ",", UTF-8 kept, no trailing newline."""
    return json.dumps(obj, indent=4, ensure_ascii=False)


def write_harbor_json(path, obj):
    write_text(path, harbor_json(obj))


def write_manifest(path, entries):
    # ArtifactHandler._write_manifest: json.dumps(list, indent=2), no trailing newline.
    write_text(path, json.dumps(entries, indent=2))


def write_trajectory(path, traj):
    # claude-code / openhands: json.dump(to_json_dict(), indent=2[, ensure_ascii=False]), no newline.
    write_text(path, json.dumps(traj, indent=2, ensure_ascii=False))


def copy(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(src, dst)


def sample(src_key, *rel):
    return os.path.join(RESULTS, SRC[src_key], *rel)


def sample_file(src_key, name):
    """A file of a sample trial, wherever the sample keeps it (Harbor layout or runs layout)."""
    base = os.path.join(RESULTS, SRC[src_key])
    for cand in (os.path.join(base, "artifacts", "app", name), os.path.join(base, "verifier", name),
                 os.path.join(base, name)):
        if os.path.exists(cand):
            return cand
    raise FileNotFoundError("%s: %s" % (SRC[src_key], name))


def sample_details(src_key):
    with open(sample_file(src_key, "reward_details.json"), encoding="utf-8") as fh:
        return json.load(fh)


def sample_reward(src_key):
    with open(sample_file(src_key, "reward.json"), encoding="utf-8") as fh:
        return json.load(fh)["reward"]


# ------------------------------------------------------------------ times
def utc(dt):
    """Pydantic's text for an aware UTC datetime: 'Z', microseconds only when non-zero."""
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if dt.microsecond:
        s += ".%06d" % dt.microsecond
    return s + "Z"


def naive(dt):
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if dt.microsecond:
        s += ".%06d" % dt.microsecond
    return s


def after(dt, seconds):
    return dt + timedelta(microseconds=round(seconds * 1e6))


def timing(a, b, fmt=utc):
    return {"started_at": fmt(a), "finished_at": fmt(b)}


# ------------------------------------------------------------------ answer.py (the agent's script)
def _source_segments(path, names):
    with open(path, encoding="utf-8") as fh:
        src = fh.read()
    tree = ast.parse(src)
    found = {n.name: ast.get_source_segment(src, n) for n in tree.body if isinstance(n, ast.FunctionDef)}
    return [found[n] for n in names]


def answer_script(slug, cand, save_path):
    """What make_sample.answer_script writes, for creation tasks too, read with ast (no FreeCAD import)."""
    sys.dont_write_bytecode = True  # leave no __pycache__ in resources/sample
    sys.path.insert(0, SAMPLE)
    try:
        import plan  # pure Python: task parameters and trial candidates of the sample
    finally:
        sys.path.pop(0)
    task = plan.TASK_BY_SLUG[slug]
    p = plan.apply_cand(task["params"], cand)
    helpers = _source_segments(os.path.join(ROOT, "tests", "fixtures", "pd_helpers.py"),
                               ["new_doc", "add_body", "origin_feature", "add_sketch", "add_polygon", "add_rectangle",
                                "add_circle", "pad", "pocket_through", "hole_through"])
    builder_name = slug.replace("-", "_")
    builder = _source_segments(os.path.join(SAMPLE, "sample_parts.py"), [builder_name])[0]
    src = ["# answer.py - written by the agent; produces %s" % save_path, "import math", "",
           "import FreeCAD as App", "import Part", "import Sketcher", "", "V = App.Vector", "", ""]
    src += [h.replace("H.", "") + "\n\n" for h in helpers]
    src.append("def _top(z):\n    return App.Placement(V(0, 0, z), App.Rotation())\n\n")
    src.append(builder.replace("H.", "") + "\n\n")
    src.append("PARAMS = %r\n" % {k: v for k, v in sorted(p.items())})
    src.append("doc = %s('Answer', PARAMS)" % builder_name)
    src.append("doc.recompute()\ndoc.saveAs('%s')\nprint('saved %s')\n" % (save_path, save_path))
    return "\n".join(src)


# ------------------------------------------------------------------ task pack
def task_digest_hex(task):
    """Content digest of a fixture-pack task folder (sorted relative paths and bytes)."""
    h = hashlib.sha256()
    tdir = out_path("pack", task)
    for dirpath, dirnames, filenames in os.walk(tdir):
        dirnames.sort()
        for f in sorted(filenames):
            p = os.path.join(dirpath, f)
            rel = os.path.relpath(p, tdir).replace(os.sep, "/")
            h.update(rel.encode() + b"\0")
            with open(p, "rb") as fh:
                h.update(fh.read())
            h.update(b"\0")
    return h.hexdigest()


def split_stage_instruction(text, stage):
    """Step instruction of a create_and_edit task: the title, one stage section, the modelling rules."""
    lines = text.split("\n")
    title = lines[0]
    sections, cur = {}, None
    for ln in lines[1:]:
        if ln.startswith("## "):
            cur = ln
            sections[cur] = []
        elif cur is not None:
            sections[cur].append(ln)
    want = "## Stage 1: create" if stage == "base" else "## Stage 2: edit"
    out = [title, ""]
    out += [want] + sections[want]
    while out and out[-1] == "":
        out.pop()
    out += ["", "When the document is saved, also copy it into `/logs/artifacts/` so that it is collected with this step.",
            ""]
    rules = "## Modelling rules"
    out += [rules] + sections[rules]
    return "\n".join(out).rstrip("\n") + "\n"


def make_pack():
    for task in PACK_TASKS:
        src = os.path.join(SAMPLE, "pack", task)
        dst = out_path("pack", task)
        for dirpath, dirnames, filenames in os.walk(src):
            dirnames.sort()
            for f in sorted(filenames):
                p = os.path.join(dirpath, f)
                copy(p, os.path.join(dst, os.path.relpath(p, src)))
        toml_path = os.path.join(dst, "task.toml")
        with open(toml_path, encoding="utf-8") as fh:
            toml = fh.read()
        head, rest = toml.split("\n", 1)
        assert head.startswith("version = ")
        top = [head]
        if task in MULTI_STEP:
            top.append('multi_step_reward_strategy = "%s"' % MULTI_STEP[task])
        if task in IMAGE_TASKS:
            top.append('artifacts = ["/app/answer.FCStd", "/app/answer.py"]')
        toml = "\n".join(top) + "\n" + rest
        if task in MULTI_STEP:
            toml = toml.rstrip("\n") + "\n"
            for step in ("base", "edit"):
                toml += '\n[[steps]]\nname = "%s"\n\n[steps.agent]\ntimeout_sec = 1200.0\n' % step
            with open(os.path.join(dst, "instruction.md"), encoding="utf-8") as fh:
                text = fh.read()
            for step in ("base", "edit"):
                write_text(os.path.join(dst, "steps", step, "instruction.md"), split_stage_instruction(text, step))
        write_text(toml_path, toml)


# ------------------------------------------------------------------ ATIF trajectories
def atif_v17_subagent():
    """ATIF-v1.7, claude-code style, with one embedded subagent. Its totals are trial a's agent_result."""
    sid = uuid_of("atif17", "session")
    sub_id = "subagent-" + uuid_of("atif17", "subagent")[:8]
    tools = [
        {"type": "function", "function": {"name": "Bash", "description": "Run a shell command in /app.",
                                          "parameters": {"type": "object", "properties": {
                                              "command": {"type": "string"},
                                              "timeout": {"type": "integer"}}, "required": ["command"]}}},
        {"type": "function", "function": {"name": "Write", "description": "Write a file.",
                                          "parameters": {"type": "object", "properties": {
                                              "file_path": {"type": "string"}, "content": {"type": "string"}},
                                                         "required": ["file_path", "content"]}}},
        {"type": "function", "function": {"name": "Read", "description": "Read a file.",
                                          "parameters": {"type": "object", "properties": {
                                              "file_path": {"type": "string"}}, "required": ["file_path"]}}},
        {"type": "function", "function": {"name": "Task", "description": "Delegate a task to a subagent.",
                                          "parameters": {"type": "object", "properties": {
                                              "description": {"type": "string"}, "prompt": {"type": "string"},
                                              "subagent_type": {"type": "string"}},
                                                         "required": ["description", "prompt"]}}},
    ]
    with open(os.path.join(SAMPLE, "pack", "freecad-578850b93a", "instruction.md"), encoding="utf-8") as fh:
        instruction = fh.read()
    m = lambda p, c, k, usd: {"prompt_tokens": p, "completion_tokens": c, "cached_tokens": k, "cost_usd": usd}
    steps = [
        {"step_id": 1, "timestamp": "2026-10-03T12:04:10.118204Z", "source": "system",
         "message": "You are Claude Code, Anthropic's CLI for coding. Working directory: /app. "
                    "Files you leave in /logs/artifacts are collected after the run."},
        {"step_id": 2, "timestamp": "2026-10-03T12:04:10.120551Z", "source": "user", "message": instruction},
        {"step_id": 3, "timestamp": "2026-10-03T12:04:41.507913Z", "source": "agent", "model_name": "claude-opus-5.5",
         "reasoning_effort": "high",
         "message": "I'll write a FreeCAD script that builds the plate in PartDesign and saves it.",
         "reasoning_content": "A Pad of the 80x60 rectangle, 8 mm, then a through Pocket with four circles "
                              "at 8 mm from each edge. Save straight into /logs/artifacts.",
         "tool_calls": [{"tool_call_id": "toolu_01", "function_name": "Write",
                         "arguments": {"file_path": "/logs/artifacts/answer.py",
                                       "content": "# answer.py - written by the agent; produces "
                                                  "/logs/artifacts/answer.FCStd\n..."}}],
         "observation": {"results": [{"source_call_id": "toolu_01",
                                      "content": "File created successfully at: /logs/artifacts/answer.py"}]},
         "metrics": m(120000, 4000, 95000, 0.1875), "llm_call_count": 1},
        {"step_id": 4, "timestamp": "2026-10-03T12:05:37.880144Z", "source": "agent", "model_name": "claude-opus-5.5",
         "message": "",
         "tool_calls": [{"tool_call_id": "toolu_02", "function_name": "Bash",
                         "arguments": {"command": "cd /logs/artifacts && freecadcmd answer.py", "timeout": 600}}],
         "observation": {"results": [{"source_call_id": "toolu_02", "content": "saved /logs/artifacts/answer.FCStd\n"}]},
         "metrics": m(150000, 2500, 130000, 0.125), "llm_call_count": 1},
        {"step_id": 5, "timestamp": "2026-10-03T12:06:12.402266Z", "source": "agent", "model_name": "claude-opus-5.5",
         "message": "Let me have a subagent check the document against the parameters.",
         "tool_calls": [{"tool_call_id": "toolu_03", "function_name": "Task",
                         "arguments": {"description": "Check answer.FCStd",
                                       "prompt": "Open /logs/artifacts/answer.FCStd with freecadcmd and report the "
                                                 "bounding box, the number of solids and the hole diameters.",
                                       "subagent_type": "general-purpose"},
                         "extra": {"is_sidechain_root": True}}],
         "observation": {"results": [{"source_call_id": "toolu_03",
                                      "content": "One solid, bounding box 80 x 60 x 8 mm, four holes of 7.0 mm.",
                                      "subagent_trajectory_ref": [{"trajectory_id": sub_id, "session_id": sid,
                                                                   "extra": {"subagent_type": "general-purpose"}}]}]},
         "metrics": m(160000, 1500, 140000, 0.125), "llm_call_count": 1},
        {"step_id": 6, "timestamp": "2026-10-03T12:09:55.013870Z", "source": "agent", "model_name": "claude-opus-5.5",
         "message": [{"type": "text", "text": "The holes came out at 7.0 mm; the spec asks for 6.6 mm clearance holes."},
                     {"type": "text", "text": "Keeping 7.0 mm: M6 medium fit. Writing a short summary."}],
         "reasoning_content": "Two model calls here: the first read the subagent's report, the second "
                              "decided to keep the document.",
         "tool_calls": [{"tool_call_id": "toolu_04", "function_name": "Bash",
                         "arguments": {"command": "ls -l /logs/artifacts"}}],
         "observation": {"results": [{"source_call_id": "toolu_04",
                                      "content": "answer.FCStd\nanswer.py\n"}]},
         "metrics": m(200000, 5000, 170000, 0.25), "llm_call_count": 2},
        {"step_id": 7, "timestamp": "2026-10-03T12:09:55.920431Z", "source": "agent",
         "message": "Auto-compact skipped (context below threshold).",
         "tool_calls": [{"tool_call_id": "toolu_05", "function_name": "Bash",
                         "arguments": {"command": "sync"}}],
         "observation": {"results": [{"source_call_id": "toolu_05", "content": ""}]},
         "llm_call_count": 0, "extra": {"dispatch": "hook"}},
        {"step_id": 8, "timestamp": "2026-10-03T12:10:31.654002Z", "source": "agent", "model_name": "claude-opus-5.5",
         "message": "Done: /logs/artifacts/answer.FCStd (PartDesign Body with Pad and Pocket) and the script "
                    "answer.py that builds it.",
         "metrics": m(170000, 3000, 150000, 0.25), "llm_call_count": 1},
    ]
    sub_steps = [
        {"step_id": 1, "timestamp": "2026-10-03T12:06:13.001520Z", "source": "user",
         "message": "Open /logs/artifacts/answer.FCStd with freecadcmd and report the bounding box, the number of "
                    "solids and the hole diameters."},
        {"step_id": 2, "timestamp": "2026-10-03T12:06:48.310077Z", "source": "agent", "model_name": "claude-haiku-5",
         "message": "",
         "tool_calls": [{"tool_call_id": "toolu_s1", "function_name": "Bash",
                         "arguments": {"command": "freecadcmd -c \"import FreeCAD as App; "
                                                  "d=App.openDocument('/logs/artifacts/answer.FCStd'); "
                                                  "s=d.getObject('Body').Shape; print(len(s.Solids), s.BoundBox)\""}}],
         "observation": {"results": [{"source_call_id": "toolu_s1",
                                      "content": "1 BoundBox (0, 0, 0, 80, 60, 8)\n"}]},
         "metrics": m(40000, 1500, 25000, 0.125), "llm_call_count": 1},
        {"step_id": 3, "timestamp": "2026-10-03T12:07:30.882391Z", "source": "agent", "model_name": "claude-haiku-5",
         "message": "One solid, bounding box 80 x 60 x 8 mm, four holes of 7.0 mm.",
         "metrics": m(60000, 2500, 40000, 0.1875), "llm_call_count": 1},
    ]

    def totals(ss):
        ms = [s["metrics"] for s in ss if "metrics" in s]
        return (sum(x["prompt_tokens"] for x in ms), sum(x["completion_tokens"] for x in ms),
                sum(x["cached_tokens"] for x in ms), sum(x["cost_usd"] for x in ms))

    sp, sc, sk, susd = totals(sub_steps)
    sub = {"schema_version": "ATIF-v1.7", "session_id": sid, "trajectory_id": sub_id,
           "agent": {"name": "claude-code", "version": "2.4.1", "model_name": "claude-haiku-5",
                     "extra": {"subagent_type": "general-purpose"}},
           "steps": sub_steps,
           "final_metrics": {"total_prompt_tokens": sp, "total_completion_tokens": sc, "total_cached_tokens": sk,
                             "total_cost_usd": susd, "total_steps": len(sub_steps)}}
    tp, tc, tk, tusd = totals(steps)
    root = {"schema_version": "ATIF-v1.7", "session_id": sid, "trajectory_id": uuid_of("atif17", "root"),
            "agent": {"name": "claude-code", "version": "2.4.1", "model_name": "claude-opus-5.5",
                      "tool_definitions": tools},
            "steps": steps,
            "notes": "final_metrics include the embedded subagent's tokens and cost.",
            "final_metrics": {"total_prompt_tokens": tp + sp, "total_completion_tokens": tc + sc,
                              "total_cached_tokens": tk + sk, "total_cost_usd": tusd + susd,
                              "total_steps": len(steps), "extra": {"subagent_count": 1}},
            "continued_trajectory_ref": None,
            "subagent_trajectories": [sub]}
    return root


def atif_v15_openhands():
    """ATIF-v1.5 as Harbor's openhands writer leaves it: per-step deltas, no model_name, no total_steps."""
    m = lambda p, c, k, usd: {"prompt_tokens": p, "completion_tokens": c, "cached_tokens": k, "cost_usd": usd}
    steps = [
        {"step_id": 1, "timestamp": "2026-10-02T08:11:04.552183", "source": "system",
         "message": "You are OpenHands agent, a helpful AI assistant that can interact with a computer to solve tasks.",
         "is_copied_context": True},
        {"step_id": 2, "timestamp": "2026-10-02T08:11:04.553010", "source": "user",
         "message": "Create a parametric FreeCAD model of a flanged bushing and save it as /app/answer.FCStd.",
         "is_copied_context": True},
        {"step_id": 3, "timestamp": "2026-10-02T08:11:09.100772", "source": "agent",
         "message": "Summary of the earlier context: the Body and the revolution sketch exist in /app/build.py.",
         "is_copied_context": True},
        {"step_id": 4, "timestamp": "2026-10-02T08:12:40.871145", "source": "agent",
         "message": "Running the build script.",
         "tool_calls": [{"tool_call_id": "call_oh_1", "function_name": "execute_bash",
                         "arguments": {"command": "cd /app && freecadcmd build.py", "is_input": "false"}}],
         "observation": {"results": [{"source_call_id": "call_oh_1", "content": "saved /app/answer.FCStd\n"}]},
         "metrics": m(52000, 1200, 30000, 0.0625)},
        {"step_id": 5, "timestamp": "2026-10-02T08:13:15.004381", "source": "agent",
         "message": "Checking the solid.",
         "tool_calls": [{"tool_call_id": "call_oh_2", "function_name": "execute_bash",
                         "arguments": {"command": "freecadcmd check.py"}}],
         "observation": {"results": [{"source_call_id": "call_oh_2", "content": "solids=1 volume=13251.8\n"}]},
         "metrics": m(61000, 900, 48000, 0.0625)},
        {"step_id": 6, "timestamp": "2026-10-02T08:13:31.660219", "source": "agent",
         "message": "The bushing is saved as /app/answer.FCStd.",
         "metrics": m(64000, 400, 58000, 0.03125)},
    ]
    ms = [s["metrics"] for s in steps if "metrics" in s]
    return {"schema_version": "ATIF-v1.5", "session_id": "oh-session-" + hexd("oh", n=12),
            "agent": {"name": "openhands", "version": "1.3.0",
                      "tool_definitions": [{"type": "function", "function": {
                          "name": "execute_bash", "description": "Execute a bash command in the terminal.",
                          "parameters": {"type": "object", "properties": {"command": {"type": "string"},
                                                                          "is_input": {"type": "string"}},
                                         "required": ["command"]}}}],
                      "extra": {"agent_class": "CodeActAgent"}},
            "steps": steps,
            "final_metrics": {"total_prompt_tokens": sum(x["prompt_tokens"] for x in ms),
                              "total_completion_tokens": sum(x["completion_tokens"] for x in ms),
                              "total_cached_tokens": sum(x["cached_tokens"] for x in ms),
                              "total_cost_usd": sum(x["cost_usd"] for x in ms)}}


def atif_simple(agent, version, model, instruction, usage, start):
    """A small ATIF-v1.7 trajectory whose final_metrics equal `usage` (n_input incl. cache, cache, output, cost)."""
    n_in, n_cache, n_out, cost = usage
    parts = (0.25, 0.25, 0.5)  # dyadic shares keep dyadic costs exact
    p = [int(n_in * f) for f in parts]
    p[-1] = n_in - sum(p[:-1])
    k = [int(n_cache * f) for f in parts]
    k[-1] = n_cache - sum(k[:-1])
    o = [int(n_out * f) for f in parts]
    o[-1] = n_out - sum(o[:-1])
    c = [cost * f for f in parts]
    t = [utc(after(start, s)) for s in (0.002, 41.5, 118.25, 201.75)]
    steps = [{"step_id": 1, "timestamp": t[0], "source": "user", "message": instruction},
             {"step_id": 2, "timestamp": t[1], "source": "agent", "model_name": model,
              "message": "Writing the FreeCAD script.",
              "tool_calls": [{"tool_call_id": "toolu_a1", "function_name": "Write",
                              "arguments": {"file_path": "/app/answer.py", "content": "..."}}],
              "observation": {"results": [{"source_call_id": "toolu_a1", "content": "File created successfully"}]},
              "metrics": {"prompt_tokens": p[0], "completion_tokens": o[0], "cached_tokens": k[0], "cost_usd": c[0]}},
             {"step_id": 3, "timestamp": t[2], "source": "agent", "model_name": model, "message": "",
              "tool_calls": [{"tool_call_id": "toolu_a2", "function_name": "Bash",
                              "arguments": {"command": "cd /app && freecadcmd answer.py"}}],
              "observation": {"results": [{"source_call_id": "toolu_a2", "content": "saved\n"}]},
              "metrics": {"prompt_tokens": p[1], "completion_tokens": o[1], "cached_tokens": k[1], "cost_usd": c[1]}},
             {"step_id": 4, "timestamp": t[3], "source": "agent", "model_name": model,
              "message": "The document is saved.",
              "metrics": {"prompt_tokens": p[2], "completion_tokens": o[2], "cached_tokens": k[2], "cost_usd": c[2]}}]
    return {"schema_version": "ATIF-v1.7", "session_id": uuid_of("simple", instruction[:40], start.isoformat()),
            "agent": {"name": agent, "version": version, "model_name": model}, "steps": steps,
            "final_metrics": {"total_prompt_tokens": n_in, "total_completion_tokens": n_out,
                              "total_cached_tokens": n_cache, "total_cost_usd": cost, "total_steps": len(steps)}}


def atif_summary(traj):
    """(steps, prompt, completion, cached, cost) summed over the trajectory's own steps."""
    ms = [s["metrics"] for s in traj["steps"] if s.get("metrics")]
    return (len(traj["steps"]), sum(x.get("prompt_tokens") or 0 for x in ms),
            sum(x.get("completion_tokens") or 0 for x in ms), sum(x.get("cached_tokens") or 0 for x in ms),
            sum(x.get("cost_usd") or 0 for x in ms))


# ------------------------------------------------------------------ agent logs
def claude_stream(session, model, usage, turns, final_text, state="success", duration_s=600.0):
    """agent/claude-code.txt: the --output-format=stream-json lines Harbor tees (compact JSON, one a line)."""
    lines = [{"type": "system", "subtype": "init", "cwd": "/app", "session_id": session,
              "tools": ["Bash", "Read", "Write", "Edit", "Task"], "model": model,
              "permissionMode": "bypassPermissions", "apiKeySource": "ANTHROPIC_API_KEY"},
             {"type": "assistant", "message": {"id": "msg_" + hexd("msg", session, n=20), "type": "message",
                                               "role": "assistant", "model": model,
                                               "content": [{"type": "text", "text": "Starting on the task."}]},
              "session_id": session}]
    if state in ("success", "error"):
        n_in, n_cache, n_out, cost = usage
        lines.append({"type": "result", "subtype": "success" if state == "success" else "error_during_execution",
                      "is_error": state != "success", "duration_ms": int(duration_s * 1000), "num_turns": turns,
                      "result": final_text, "session_id": session, "total_cost_usd": cost,
                      "usage": {"input_tokens": n_in - n_cache, "cache_read_input_tokens": n_cache,
                                "output_tokens": n_out}})
    text = "".join(json.dumps(x, separators=(",", ":"), ensure_ascii=False) + "\n" for x in lines)
    if state == "truncated":
        text += "[stream closed: no result event]\n"
    return text


# ------------------------------------------------------------------ Harbor models as dicts
def task_config(task, ref, version):
    d = {"path": None, "git_url": None, "git_commit_id": None, "name": "%s/%s" % (ORG, task), "ref": ref,
         "overwrite": False, "download_dir": None, "source": DATASET}
    return d


def agent_config_full(agent, model, kwargs):
    return {"name": agent, "import_path": None, "model_name": model, "n_concurrent": None, "concurrency_group": None,
            "skills": [], "override_timeout_sec": None, "override_setup_timeout_sec": None, "max_timeout_sec": None,
            "resume_trajectory": False, "load_trajectory": None, "extra_allowed_hosts": [], "kwargs": kwargs,
            "mcp_servers": []}


def environment_full():
    return {"type": "docker", "import_path": None, "force_build": False, "delete": True,
            "cpu_enforcement_policy": "auto", "memory_enforcement_policy": "auto", "override_cpus": None,
            "override_memory_mb": None, "override_storage_mb": None, "override_gpus": None, "override_tpu": None,
            "mounts": None, "extra_docker_compose": [], "kwargs": {}, "extra_allowed_hosts": []}


def trial_config_full(job, trial_name, task, ref):
    """TrialConfig.model_dump() (all fields) in the field order of the job's Harbor version."""
    d = {"task": task_config(task, ref, job["version"]), "trial_name": trial_name,
         "trials_dir": "jobs/" + job["name"], "install_only": False, "timeout_multiplier": 1.0,
         "agent_timeout_multiplier": None, "verifier_timeout_multiplier": None,
         "agent_setup_timeout_multiplier": None, "environment_build_timeout_multiplier": None,
         "agent": agent_config_full(job["agent"], job["model"], job["kwargs"])}
    if job["version"] >= "0.22":
        d["user_agent"] = None
    d["environment"] = environment_full()
    d["verifier"] = {"override_timeout_sec": None, "max_timeout_sec": None, "disable": False}
    d["artifacts"] = list(job["artifacts"])
    d["extra_instruction_paths"] = []
    if job["version"] >= "0.22":
        d["extra_instructions"] = []
    d["job_id"] = job["id"]
    if job["version"] >= "0.22":
        d["source_trial"] = None
    return d


def trial_config_short(job, trial_name, task, ref):
    """TrialConfig.model_dump_json(exclude_defaults=True): what <trial>/config.json holds."""
    d = {"task": {"name": "%s/%s" % (ORG, task), "ref": ref, "source": DATASET}, "trial_name": trial_name,
         "trials_dir": "jobs/" + job["name"],
         "agent": {"name": job["agent"], "model_name": job["model"], "kwargs": job["kwargs"]}}
    if job["artifacts"]:
        d["artifacts"] = list(job["artifacts"])
    d["job_id"] = job["id"]
    return d


RETRY_EXCLUDED = sorted(["AgentTimeoutError", "VerifierTimeoutError", "RewardFileNotFoundError",
                         "RewardFileEmptyError", "VerifierOutputParseError", "ApiUsageLimitError",
                         "AgentSafetyRefusalError", "AgentAuthenticationError", "ModelNotFoundError"])


def trial_lock(job, task, ref, multi):
    """TrialLock.model_dump_json(exclude_none=True)."""
    d = {"schema_version": 2 if job["version"] >= "0.22" else 1,
         "task": {"name": "%s/%s" % (ORG, task), "type": "package", "digest": ref, "source": DATASET},
         "install_only": False, "timeout_multiplier": 1.0,
         "agent": {"name": job["agent"], "model_name": job["model"], "skills": [], "resume_trajectory": False,
                   "extra_allowed_hosts": [], "kwargs": job["kwargs"], "mcp_servers": []}}
    if job["version"] >= "0.22":
        d["bridge_inputs"] = {}
    d["skills"] = []
    d["environment"] = {"type": "docker", "force_build": False, "delete": True, "cpu_enforcement_policy": "auto",
                        "memory_enforcement_policy": "auto", "extra_docker_compose": [], "kwargs": {},
                        "extra_allowed_hosts": []}
    d["verifier"] = {"disable": False}
    if job["version"] >= "0.22" and not multi:
        d["verifier"]["environment_mode"] = "shared"
    return d


def agent_context(usage):
    if usage is None:  # created empty when the agent phase started; nothing filled it in
        return {"n_input_tokens": None, "n_cache_tokens": None, "n_output_tokens": None, "cost_usd": None,
                "rollout_details": None, "metadata": None}
    n_in, n_cache, n_out, cost = usage
    return {"n_input_tokens": n_in, "n_cache_tokens": n_cache, "n_output_tokens": n_out, "cost_usd": cost,
            "rollout_details": None, "metadata": None}


TB_SITE = "/usr/local/lib/python3.12/site-packages/harbor"


def traceback_text(kind, message, step=False):
    if kind == "AgentTimeoutError":
        caller = ('  File "%s/trial/multi_step.py", line 164, in _run_step_agent\n    await self._run_agent_phase(\n'
                  % TB_SITE) if step else (
            '  File "%s/trial/single_step.py", line 77, in _run_agent\n    await self._run_agent_phase(\n' % TB_SITE)
        return ("Traceback (most recent call last):\n"
                '  File "/usr/local/lib/python3.12/asyncio/tasks.py", line 520, in wait_for\n'
                "    return await fut\n           ^^^^^^^^^\n"
                "asyncio.exceptions.CancelledError\n\n"
                "The above exception was the direct cause of the following exception:\n\n"
                "Traceback (most recent call last):\n"
                '  File "%s/trial/trial.py", line 545, in _run_agent_phase\n'
                "    await asyncio.wait_for(\n"
                '  File "/usr/local/lib/python3.12/asyncio/tasks.py", line 519, in wait_for\n'
                "    async with timeouts.timeout(timeout):\n"
                '  File "/usr/local/lib/python3.12/asyncio/timeouts.py", line 115, in __aexit__\n'
                "    raise TimeoutError from exc_val\n"
                "TimeoutError\n\n"
                "The above exception was the direct cause of the following exception:\n\n"
                "Traceback (most recent call last):\n%s"
                '  File "%s/trial/trial.py", line 554, in _run_agent_phase\n'
                "    raise AgentTimeoutError(\n"
                "harbor.trial.errors.AgentTimeoutError: %s\n" % (TB_SITE, caller, TB_SITE, message))
    if kind == "VerifierTimeoutError":
        return ("Traceback (most recent call last):\n"
                '  File "%s/trial/single_step.py", line 106, in _run_verifier\n'
                "    self.result.verifier_result = await self._run_shared_verifier(\n"
                '  File "%s/trial/trial.py", line 670, in _run_shared_verifier\n'
                "    return await asyncio.wait_for(\n"
                '  File "/usr/local/lib/python3.12/asyncio/tasks.py", line 519, in wait_for\n'
                "    async with timeouts.timeout(timeout):\n"
                '  File "/usr/local/lib/python3.12/asyncio/timeouts.py", line 115, in __aexit__\n'
                "    raise TimeoutError from exc_val\n"
                "TimeoutError\n\n"
                "The above exception was the direct cause of the following exception:\n\n"
                "Traceback (most recent call last):\n"
                '  File "%s/trial/trial.py", line 409, in run\n    await self._run()\n'
                '  File "%s/trial/single_step.py", line 52, in _run\n    await self._run_verifier()\n'
                '  File "%s/trial/single_step.py", line 111, in _run_verifier\n'
                "    raise VerifierTimeoutError(\n"
                "harbor.trial.errors.VerifierTimeoutError: %s\n" % (TB_SITE, TB_SITE, TB_SITE, TB_SITE, TB_SITE,
                                                                     message))
    if kind == "RewardFileNotFoundError":
        return ("Traceback (most recent call last):\n"
                '  File "%s/trial/multi_step.py", line 207, in _run_step_verifier\n'
                "    step_result.verifier_result = await self._run_shared_verifier(\n"
                '  File "%s/trial/trial.py", line 670, in _run_shared_verifier\n'
                "    return await asyncio.wait_for(\n"
                '  File "/usr/local/lib/python3.12/asyncio/tasks.py", line 520, in wait_for\n'
                "    return await fut\n           ^^^^^^^^^\n"
                '  File "%s/verifier/verifier.py", line 232, in verify\n'
                "    raise RewardFileNotFoundError(\n"
                "harbor.verifier.verifier.RewardFileNotFoundError: %s\n" % (TB_SITE, TB_SITE, TB_SITE, message))
    if kind == "NonZeroAgentExitCodeError":
        return ("Traceback (most recent call last):\n"
                '  File "%s/trial/single_step.py", line 77, in _run_agent\n    await self._run_agent_phase(\n'
                '  File "%s/trial/trial.py", line 545, in _run_agent_phase\n    await asyncio.wait_for(\n'
                '  File "%s/agents/installed/claude_code.py", line 1891, in run\n'
                "    await self.exec_as_agent(\n"
                '  File "%s/agents/installed/base.py", line 865, in exec_as_agent\n'
                "    raise self._classify_exec_error(command, result)\n"
                "harbor.agents.installed.base.NonZeroAgentExitCodeError: %s\n" % (TB_SITE, TB_SITE, TB_SITE, TB_SITE,
                                                                                  message))
    raise ValueError(kind)


def exception_info(kind, message, when, fmt=utc, step=False):
    return {"exception_type": kind, "exception_message": message,
            "exception_traceback": traceback_text(kind, message, step), "occurred_at": fmt(when)}


def test_stdout_single(details, reward):
    return ("freecad-validator 0.6.0 (scorer v2, combine harmonic, spec failure budget 10)\n"
            "geometry_similarity: %.6f\ncad_spec_consistency: %.6f\ncombined (harmonic): %.6f\nreward: %.6f\n"
            % (details["geometry_similarity"], details["cad_spec_consistency"], details["combined"], reward))


def test_stdout_base(details):
    return test_stdout_single(details, details["combined"]).replace(
        "spec failure budget 10)\n", "spec failure budget 10)\nstage: base\n", 1)


def test_stdout_two_stage(details, reward):
    return ("freecad-validator 0.6.0 (scorer v2, combine harmonic, spec failure budget 10)\n"
            "base: combined=%.6f\nedit: combined=%.6f\nreward: %.6f\n"
            % (details["base"]["combined"], details["target"]["combined"], reward))


def details_text(d):
    """reward_details.json as the verifier writes it (indent 2, trailing newline)."""
    return json.dumps(d, indent=2, ensure_ascii=False) + "\n"


def reward_text(d):
    return json.dumps(d, indent=2) + "\n"


def base_stage_details(two_stage):
    """The single-stage verdict of a create_and_edit base step: the source trial's base stage."""
    b = two_stage["base"]
    return {"score": b["combined"], "geometry_similarity": b["geometry_similarity"],
            "cad_spec_consistency": b["cad_spec_consistency"], "combined": b["combined"],
            "geometry_similarity_reason": b["geometry_similarity_reason"],
            "cad_spec_consistency_reason": b["cad_spec_consistency_reason"]}


# ------------------------------------------------------------------ one trial folder
class Trial:
    """Everything about one trial: what is written and what the README promises."""

    def __init__(self, job, key, task, shows, expect):
        self.job, self.key, self.task, self.shows, self.expect = job, key, task, shows, expect
        self.name = "%s__%s" % (task[:32].rstrip("_-"), suffix(job["name"], key))
        self.dir = out_path(job["dir"], self.name)
        self.id = uuid_of(job["name"], key)
        self.result = None

    def path(self, *rel):
        return os.path.join(self.dir, *rel)


def new_result(t, ref, started):
    job = t.job
    r = {"id": t.id, "task_name": "%s/%s" % (ORG, t.task), "trial_name": t.name,
         "trial_uri": "file://%s/%s/%s" % (HOST_JOBS, job["name"], t.name),
         "task_id": {"org": ORG, "name": t.task, "ref": ref}, "source": DATASET,
         "task_checksum": hexd("dirhash", t.task, ref),
         "config": trial_config_full(job, t.name, t.task, ref),
         "agent_info": {"name": job["agent"], "version": job["agent_version"],
                        "model_info": {"name": job["model"].split("/", 1)[-1],
                                       "provider": job["model"].split("/", 1)[0] if "/" in job["model"] else None}},
         "agent_result": None, "verifier_result": None}
    if job["version"] >= "0.21":
        r["verifier_environment_mode"] = None
    r.update({"exception_info": None, "started_at": utc(started), "finished_at": None, "environment_setup": None,
              "agent_setup": None, "agent_execution": None, "verifier": None, "step_results": None})
    return r


def write_trial_common(t, ref, multi, log_lines):
    write_harbor_json(t.path("config.json"), trial_config_short(t.job, t.name, t.task, ref))
    write_harbor_json(t.path("lock.json"), trial_lock(t.job, t.task, ref, multi))
    write_harbor_json(t.path("result.json"), t.result)
    write_text(t.path("trial.log"), "".join(line + "\n" for line in log_lines))


def log_line(dt, level, msg):
    return "%s %s harbor.trial.trial: %s" % (dt.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (dt.microsecond // 1000),
                                             level, msg)


def single_step_trial(t, ref, started, agent_s, verifier_s, usage, rewards=None, details=None,
                      answers=(), manifest=(), exception=None, stdout=None, trajectory=None, agent_log=None,
                      reward_txt=None, exc_fmt=utc, env_s=63.208114, setup_s=41.877302):
    """Write one single-step Harbor trial. answers: [(rel path under the trial, source file or text)].
    exception: (type, message, 'agent'|'verifier')."""
    r = new_result(t, ref, started)
    if t.job["version"] >= "0.21":
        r["verifier_environment_mode"] = "shared"
    e0 = started
    e1 = after(e0, env_s)
    a0 = after(e1, setup_s)
    a1 = after(a0, agent_s)
    v0 = after(a1, 4.118733)
    v1 = after(v0, verifier_s)
    fin = after(v1, 2.504127)
    r["environment_setup"] = timing(e0, e1)
    r["agent_setup"] = timing(e1, a0)
    r["agent_execution"] = timing(a0, a1)
    r["verifier"] = timing(v0, v1)
    r["agent_result"] = agent_context(usage)
    if rewards is not None:
        r["verifier_result"] = {"rewards": rewards}
    if exception is not None:
        kind, msg, side = exception
        when = a1 if side == "agent" else v1
        r["exception_info"] = exception_info(kind, msg, when, fmt=exc_fmt)
        write_text(t.path("exception.txt"), r["exception_info"]["exception_traceback"])
    r["finished_at"] = utc(fin)
    t.result = r
    t.timeline = {"started": started, "finished": fin, "agent": [(a0, a1)], "verifier": [(v0, v1)]}
    for rel, src in answers:
        if isinstance(src, str) and os.path.exists(src):
            copy(src, t.path(rel))
        else:
            write_text(t.path(rel), src)
    if manifest:
        write_manifest(t.path("artifacts", "manifest.json"), list(manifest))
    if reward_txt is not None:
        write_text(t.path("verifier", "reward.txt"), reward_txt)
    elif rewards is not None:
        write_text(t.path("verifier", "reward.json"), reward_text(rewards))
    if details is not None:
        write_text(t.path("verifier", "reward_details.json"), details_text(details))
    if stdout is not None:
        write_text(t.path("verifier", "test-stdout.txt"), stdout)
    if trajectory is not None:
        write_trajectory(t.path("agent", "trajectory.json"), trajectory)
    if agent_log is not None:
        write_text(t.path("agent", agent_log[0]), agent_log[1])
    logs = [log_line(started, "INFO", "Starting trial %s" % t.name),
            log_line(a0, "INFO", "Agent %s started" % t.job["agent"]),
            log_line(a1, "INFO", "Agent finished" if not (exception and exception[2] == "agent")
                     else "Agent failed: %s" % exception[0]),
            log_line(v1, "INFO", "Verifier finished" if rewards is not None else "Verifier produced no reward"),
            log_line(fin, "INFO", "Trial %s finished" % t.name)]
    write_trial_common(t, ref, False, logs)


def multi_step_trial(t, ref, started, steps, trial_rewards, strategy):
    """steps: list of dicts {name, agent_s, verifier_s, usage, rewards, details, stdout, answers, manifest,
    exception (type, msg, side), trajectory, agent_log}."""
    r = new_result(t, ref, started)
    e0 = started
    e1 = after(e0, 58.774410)
    s0 = after(e1, 39.120846)
    r["environment_setup"] = timing(e0, e1)
    r["agent_setup"] = timing(e1, s0)
    r["step_results"] = []
    cur = s0
    t.timeline = {"started": started, "agent": [], "verifier": []}
    logs = [log_line(started, "INFO", "Starting trial %s (%d steps, multi_step_reward_strategy=%s)"
                     % (t.name, len(steps), strategy))]
    for st in steps:
        a0 = after(cur, 2.250918)
        a1 = after(a0, st["agent_s"])
        v0 = after(a1, 3.871205)
        v1 = after(v0, st["verifier_s"])
        cur = after(v1, 1.406332)
        sr = {"step_name": st["name"], "agent_result": agent_context(st["usage"]),
              "verifier_result": {"rewards": st["rewards"]} if st.get("rewards") is not None else None,
              "exception_info": None, "agent_execution": timing(a0, a1), "verifier": timing(v0, v1)}
        if st.get("exception"):
            kind, msg, side = st["exception"]
            sr["exception_info"] = exception_info(kind, msg, a1 if side == "agent" else v1, step=True)
        r["step_results"].append(sr)
        t.timeline["agent"].append((a0, a1))
        t.timeline["verifier"].append((v0, v1))
        sdir = ("steps", st["name"])
        if st.get("trajectory") is not None:
            write_trajectory(t.path(*sdir, "agent", "trajectory.json"), st["trajectory"])
        if st.get("agent_log") is not None:
            write_text(t.path(*sdir, "agent", st["agent_log"][0]), st["agent_log"][1])
        if st.get("rewards") is not None:
            write_text(t.path(*sdir, "verifier", "reward.json"), reward_text(st["rewards"]))
        if st.get("details") is not None:
            write_text(t.path(*sdir, "verifier", "reward_details.json"), details_text(st["details"]))
        if st.get("stdout") is not None:
            write_text(t.path(*sdir, "verifier", "test-stdout.txt"), st["stdout"])
        if st.get("stderr") is not None:
            write_text(t.path(*sdir, "verifier", "test-stderr.txt"), st["stderr"])
        for rel, src in st.get("answers", ()):
            copy(src, t.path(*sdir, rel))
        write_manifest(t.path(*sdir, "artifacts", "manifest.json"), list(st["manifest"]))
        logs.append(log_line(a0, "INFO", "Step %s: agent started" % st["name"]))
        logs.append(log_line(v1, "INFO", "Step %s: %s" % (
            st["name"], "reward %r" % st["rewards"] if st.get("rewards") is not None
            else "failed (%s)" % (st["exception"][0] if st.get("exception") else "no reward"))))
        if st.get("exception") and st.get("rewards") is None:
            logs.append(log_line(v1, "WARNING", "Step '%s' failed, aborting remaining steps" % st["name"]))
    fin = after(cur, 2.118502)
    r["verifier_result"] = {"rewards": trial_rewards} if trial_rewards is not None else None
    r["finished_at"] = utc(fin)
    t.result = r
    t.timeline["finished"] = fin
    logs.append(log_line(fin, "INFO", "Trial %s finished" % t.name))
    write_trial_common(t, ref, True, logs)


def convention_entry(status):
    return {"source": "/logs/artifacts", "destination": "artifacts/logs/artifacts", "type": "directory",
            "status": status, "service": None}


def file_entry(source, status):
    return {"source": source, "destination": "artifacts" + source, "type": "file", "status": status,
            "service": None}


# ------------------------------------------------------------------ job-level files
def trial_usage(result):
    """TrialResult.compute_token_cost_totals()."""
    if result["agent_result"] is not None:
        ctxs = [result["agent_result"]]
    elif result["step_results"]:
        ctxs = [s["agent_result"] for s in result["step_results"] if s["agent_result"] is not None]
    else:
        ctxs = []
    tot = [None, None, None, None]
    for c in ctxs:
        for i, k in enumerate(("n_input_tokens", "n_cache_tokens", "n_output_tokens", "cost_usd")):
            if c[k] is not None:
                tot[i] = (tot[i] or 0) + c[k]
    return tuple(tot)


def job_stats(trials):
    """JobStats.from_trial_results + the Mean metric, in trial (submission) order, as Harbor computes them."""
    stats = {"n_completed_trials": 0, "n_errored_trials": 0, "n_running_trials": 0, "n_pending_trials": 0,
             "n_cancelled_trials": 0, "n_retries": 0, "evals": {}, "n_input_tokens": None, "n_cache_tokens": None,
             "n_output_tokens": None, "cost_usd": None}
    rewards_by_key = {}
    for t in trials:
        r = t.result
        stats["n_completed_trials"] += 1
        mi = r["agent_info"]["model_info"]
        key = "%s__%s__%s" % (r["agent_info"]["name"], mi["name"], r["source"] or "adhoc")
        ev = stats["evals"].setdefault(key, {"n_trials": 0, "n_errors": 0, "metrics": [], "pass_at_k": {},
                                             "reward_stats": {}, "exception_stats": {}})
        vr = r["verifier_result"]
        rw = vr["rewards"] if vr is not None else None
        rewards_by_key.setdefault(key, []).append(rw)
        if rw is not None:
            ev["n_trials"] += 1
            for k, v in rw.items():
                ev["reward_stats"].setdefault(k, {}).setdefault(repr(float(v)) if isinstance(v, float) else
                                                                str(v), []).append(r["trial_name"])
        if r["exception_info"] is not None:
            ev["exception_stats"].setdefault(r["exception_info"]["exception_type"], []).append(r["trial_name"])
            ev["n_errors"] += 1
            stats["n_errored_trials"] += 1
        u = trial_usage(r)
        for i, k in enumerate(("n_input_tokens", "n_cache_tokens", "n_output_tokens", "cost_usd")):
            if u[i] is not None:
                stats[k] = (stats[k] or 0) + u[i]
    for key, rewards in rewards_by_key.items():
        stats["evals"][key]["metrics"] = [mean_metric(rewards)]
    return stats


def mean_metric(rewards):
    """harbor.metrics.mean.Mean over ALL trials of the group (None -> 0; several keys -> one mean per key)."""
    keys = sorted({k for r in rewards if r is not None for k in r})
    agg = lambda vals: sum(vals) / len(vals)
    if len(keys) <= 1:
        return {"mean": agg([0 if r is None else next(iter(r.values()), 0) for r in rewards])}
    return {k: agg([0 if r is None else r.get(k, 0) for r in rewards]) for k in keys}


def write_job(job, trials, started_local, finished_local, utc_offset_h):
    jdir = out_path(job["dir"])
    cfg = {"job_name": job["name"], "n_concurrent_trials": job["n_concurrent"],
           "agents": [{"name": job["agent"], "model_name": job["model"], "kwargs": job["kwargs"]}],
           "datasets": [{"name": DATASET, "ref": DATASET_REF}]}
    if job["artifacts"]:
        cfg["artifacts"] = list(job["artifacts"])
    write_harbor_json(os.path.join(jdir, "config.json"), cfg)
    refs = {t.name: t.result["task_id"]["ref"] for t in trials}
    lock = {"schema_version": 3 if job["version"] >= "0.22" else 2,
            "created_at": utc(after(started_local - timedelta(hours=utc_offset_h), 0.412877)),
            "harbor": {"version": job["version"], "git_commit_hash": job["harbor_commit"], "is_editable": False},
            "n_concurrent_trials": job["n_concurrent"],
            "retry": {"max_retries": 0, "exclude_exceptions": RETRY_EXCLUDED, "wait_multiplier": 1.0,
                      "min_wait_sec": 1.0, "max_wait_sec": 60.0},
            "trials": [trial_lock(job, t.task, refs[t.name], t.result["step_results"] is not None) for t in trials]}
    write_harbor_json(os.path.join(jdir, "lock.json"), lock)
    stats = job_stats(trials)
    result = {"id": job["id"], "started_at": naive(started_local), "updated_at": naive(finished_local),
              "finished_at": naive(finished_local), "n_total_trials": len(trials), "stats": stats}
    write_harbor_json(os.path.join(jdir, "result.json"), result)
    to_local = lambda dt: (dt + timedelta(hours=utc_offset_h)).replace(tzinfo=None)
    lines = ["%s INFO harbor.job: Starting job %s: %d trials, n_concurrent_trials=%d, harbor %s" % (
        started_local.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3], job["name"], len(trials), job["n_concurrent"],
        job["version"])]
    for t in sorted(trials, key=lambda x: x.timeline["finished"]):
        vr = t.result["verifier_result"]
        ex = t.result["exception_info"]
        lines.append("%s INFO harbor.job: Trial %s completed: rewards=%s%s" % (
            to_local(t.timeline["finished"]).strftime("%Y-%m-%d %H:%M:%S,%f")[:-3], t.name,
            json.dumps(vr["rewards"]) if vr else "null", (" exception=%s" % ex["exception_type"]) if ex else ""))
    lines.append("%s INFO harbor.job: Job %s finished" % (finished_local.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3],
                                                         job["name"]))
    write_text(os.path.join(jdir, "job.log"), "".join(x + "\n" for x in lines))
    return result


# ------------------------------------------------------------------ the bundles
def ref_of(task, variant="current"):
    if variant == "current":
        return "sha256:" + task_digest_hex(task)
    return "sha256:" + hexd("older-task-version", variant, task)


def instruction_of(task):
    with open(out_path("pack", task, "instruction.md"), encoding="utf-8") as fh:
        return fh.read()


def make_job_022(traj17):
    job = {"dir": "job-0.22", "name": "2026-10-03__14-02-11", "version": "0.22.0",
           "harbor_commit": "4407eb5227a2ff4f0d3f16b2eb48849382fdf276", "id": uuid_of("job-0.22"),
           "agent": "claude-code", "agent_version": "2.4.1", "model": "claude-opus-5.5",
           "kwargs": {"reasoning_effort": "high"}, "n_concurrent": 8, "artifacts": []}
    tz = 2  # the run host's local time is UTC+02:00 (job times are naive local, trial times UTC)
    job_start_local = datetime(2026, 10, 3, 14, 2, 11, 123456)
    t0 = (job_start_local - timedelta(hours=tz)).replace(tzinfo=timezone.utc)
    model = "claude-opus-5.5"
    trials = []

    def claude_log(t, usage, turns, text, state="success", duration_s=600.0):
        return ("claude-code.txt", claude_stream(uuid_of("session", t.name), model, usage, turns, text, state,
                                                 duration_s))

    # a. creation, answers only under artifacts/logs/artifacts/, several reward keys
    a = Trial(job, "a", "freecad-578850b93a", "single-step creation; answers only under artifacts/logs/artifacts/ "
              "(manifest: /logs/artifacts ok); reward.json with three keys; usage with n_input incl. cache",
              {"category": "- (scored > 0)"})
    det = sample_details("plate_holes7")
    rw = {"reward": sample_reward("plate_holes7"), "geometry_similarity": det["geometry_similarity"],
          "cad_spec_consistency": det["cad_spec_consistency"]}
    usage_a = (900000, 750000, 20000, 1.25)
    single_step_trial(a, ref_of(a.task), after(t0, 12.804331), 601.552908, 96.310274, usage_a, rewards=rw,
                      details=det, stdout=test_stdout_single(det, rw["reward"]),
                      answers=[("artifacts/logs/artifacts/answer.FCStd", sample_file("plate_holes7", "answer.FCStd")),
                               ("artifacts/logs/artifacts/answer.py",
                                answer_script("mounting-plate", {"hole_d": 7.0}, "/logs/artifacts/answer.FCStd"))],
                      manifest=[convention_entry("ok")], trajectory=traj17,
                      agent_log=claude_log(a, usage_a, 8, "Done: /logs/artifacts/answer.FCStd", duration_s=601.2))
    trials.append(a)

    # b. image_to_cad, answer.FCStd as task artifact /app/answer.FCStd, answer.py failed, usage unknown
    b = Trial(job, "b", "freecad-7c431b252d", "single-step image_to_cad; artifacts/app/answer.FCStd from the "
              "task artifact /app/answer.FCStd (ok), /app/answer.py failed (no file); agent_result all null "
              "(usage unknown) and no trajectory", {"category": "- (scored > 0)"})
    det = sample_details("clevis_gap14")
    rw = {"reward": sample_reward("clevis_gap14")}
    single_step_trial(b, ref_of(b.task), after(t0, 14.017652), 733.208467, 104.912883, None, rewards=rw,
                      details=det, stdout=test_stdout_single(det, rw["reward"]),
                      answers=[("artifacts/app/answer.FCStd", sample_file("clevis_gap14", "answer.FCStd"))],
                      manifest=[convention_entry("empty"), file_entry("/app/answer.FCStd", "ok"),
                                file_entry("/app/answer.py", "failed")],
                      agent_log=claude_log(b, None, 0, "", "truncated"))
    trials.append(b)

    # c. image_to_cad, agent timed out, verifier still scored > 0; answers under artifacts/logs/artifacts/app/
    c = Trial(job, "c", "freecad-413c26b17a", "single-step image_to_cad; trial-level AgentTimeoutError (exception.txt) "
              "but the verifier still ran and scored 1.0; answers under artifacts/logs/artifacts/app/ while the "
              "/app/answer.* task artifacts failed", {"category": "- (timed out but scored > 0: not a zero)"})
    det = sample_details("flange_exact")
    rw = {"reward": sample_reward("flange_exact")}
    usage_c = (1480000, 1310000, 41000, 2.5)
    single_step_trial(c, ref_of(c.task), after(t0, 15.260215), 2400.013408, 121.774561, usage_c, rewards=rw,
                      details=det, stdout=test_stdout_single(det, rw["reward"]),
                      exception=("AgentTimeoutError", "Agent execution timed out after 2400.0 seconds", "agent"),
                      answers=[("artifacts/logs/artifacts/app/answer.FCStd", sample_file("flange_exact", "answer.FCStd")),
                               ("artifacts/logs/artifacts/app/answer.py", sample_file("flange_exact", "answer.py"))],
                      manifest=[convention_entry("ok"), file_entry("/app/answer.FCStd", "failed"),
                                file_entry("/app/answer.py", "failed")],
                      trajectory=traj17, agent_log=claude_log(c, usage_c, 31, "", "truncated"))
    trials.append(c)

    # d. creation, agent-side exception, no answer, no reward files
    d = Trial(job, "d", "freecad-deee5c3830", "single-step creation; trial-level NonZeroAgentExitCodeError, no answer, "
              "verifier ran but wrote no reward file (verifier_result null, RewardFileNotFoundError not recorded "
              "because an exception was already recorded)", {"category": "final_exception"})
    usage_d = (310000, 262000, 9000, 0.4375)
    hx = hexd("instr", d.name, n=32)
    cmd = ('export PATH="$HOME/.local/bin:$PATH"; harbor_claude_code_instruction_%s="$HARBOR_CLAUDE_CODE_INSTRUCTION_%s"; '
           'unset HARBOR_CLAUDE_CODE_INSTRUCTION_%s; printf "%%s" "$harbor_claude_code_instruction_%s" | claude '
           '--verbose --output-format=stream-json --print 2>&1 | tee /logs/agent/claude-code.txt'
           % (hx, hx.upper(), hx.upper(), hx))
    msg = ("Command failed (exit 1): %s\nstdout: {\"type\":\"result\",\"subtype\":\"error_during_execution\","
           "\"is_error\":true}\nstderr: None" % cmd)
    single_step_trial(d, ref_of(d.task), after(t0, 16.917004), 312.640187, 38.205519, usage_d,
                      exception=("NonZeroAgentExitCodeError", msg, "agent"),
                      stdout="freecad-validator 0.6.0 (scorer v2, combine harmonic, spec failure budget 10)\n"
                             "error: /app/answer.FCStd not found; no reward written\n",
                      manifest=[convention_entry("empty")], trajectory=traj17,
                      agent_log=claude_log(d, usage_d, 12, "", "error", duration_s=312.4))
    trials.append(d)

    # e. create_and_edit, multi-step, strategy final
    e = Trial(job, "e", "freecad-856aa02a44", "multi-step create_and_edit, strategy final: trial-level agent_result/"
              "agent_execution/verifier/verifier_environment_mode null; step_results base+edit; steps/<name>/ "
              "folders; trial verifier_result = edit step's verbatim", {"category": "- (scored > 0)"})
    two = sample_details("spacer_pcd24")
    base_det = base_stage_details(two)
    full = sample_reward("spacer_pcd24")
    u_e_base, u_e_edit = (380000, 320000, 8000, 0.375), (520000, 450000, 12000, 0.5625)
    steps = [dict(name="base", agent_s=402.331870, verifier_s=61.025513, usage=u_e_base,
                  rewards={"reward": base_det["combined"]}, details=base_det,
                  stdout=test_stdout_base(base_det),
                  answers=[("artifacts/logs/artifacts/answer_base.FCStd", sample_file("spacer_pcd24", "answer_base.FCStd"))],
                  manifest=[convention_entry("ok")], trajectory=traj17,
                  agent_log=claude_log(e, u_e_base, 9, "Saved /logs/artifacts/answer_base.FCStd", duration_s=402.1)),
             dict(name="edit", agent_s=518.904226, verifier_s=88.612047, usage=u_e_edit, rewards={"reward": full},
                  details=two, stdout=test_stdout_two_stage(two, full),
                  answers=[("artifacts/logs/artifacts/answer_edit.FCStd", sample_file("spacer_pcd24", "answer_edit.FCStd"))],
                  manifest=[convention_entry("ok")], trajectory=traj17,
                  agent_log=claude_log(e, u_e_edit, 11, "Saved /logs/artifacts/answer_edit.FCStd", duration_s=518.7))]
    multi_step_trial(e, ref_of(e.task), after(t0, 18.354371), steps, {"reward": full}, "final")
    trials.append(e)

    # f. create_and_edit, multi-step, strategy mean, trial verifier_result left null
    f = Trial(job, "f", "freecad-c1b47f5fee", "multi-step create_and_edit, strategy mean, trial-level verifier_result "
              "NULL: the reader computes Harbor's per-key mean over steps with a verifier_result (missing key = 0); "
              "base reward.json has {reward, geometry_similarity}, edit only {reward}", {"category": "- (scored > 0)"})
    two = sample_details("bracket_nofillet")
    base_det = base_stage_details(two)
    full = sample_reward("bracket_nofillet")
    u_f_base, u_f_edit = (300000, 250000, 7000, 0.3125), (460000, 400000, 11000, 0.5)
    steps = [dict(name="base", agent_s=356.118032, verifier_s=57.340926, usage=u_f_base,
                  rewards={"reward": base_det["combined"], "geometry_similarity": base_det["geometry_similarity"]},
                  details=base_det,
                  stdout=test_stdout_base(base_det),
                  answers=[("artifacts/logs/artifacts/answer_base.FCStd",
                            sample_file("bracket_nofillet", "answer_base.FCStd"))],
                  manifest=[convention_entry("ok")], trajectory=traj17,
                  agent_log=claude_log(f, u_f_base, 8, "Saved /logs/artifacts/answer_base.FCStd", duration_s=355.9)),
             dict(name="edit", agent_s=611.207735, verifier_s=93.118204, usage=u_f_edit, rewards={"reward": full},
                  details=two, stdout=test_stdout_two_stage(two, full),
                  answers=[("artifacts/logs/artifacts/answer_edit.FCStd",
                            sample_file("bracket_nofillet", "answer_edit.FCStd"))],
                  manifest=[convention_entry("ok")], trajectory=traj17,
                  agent_log=claude_log(f, u_f_edit, 13, "Saved /logs/artifacts/answer_edit.FCStd", duration_s=611.0))]
    multi_step_trial(f, ref_of(f.task), after(t0, 19.690617), steps, None, "mean")
    f.expected_mean = mean_over_steps([s["rewards"] for s in steps])
    trials.append(f)

    # g. create_and_edit, multi-step, stopped at base by an agent timeout
    g = Trial(job, "g", "freecad-856aa02a44", "multi-step (final), STOPPED: step base AgentTimeoutError with "
              "verifier_result null, so no edit step in step_results and no steps/edit/; trial exception_info "
              "null (not counted in n_errored_trials)", {"category": "final_exception"})
    u_g = (1200000, 1050000, 30000, 1.875)
    steps = [dict(name="base", agent_s=1200.009872, verifier_s=29.447105, usage=u_g,
                  exception=("AgentTimeoutError", "Agent execution timed out after 1200.0 seconds", "agent"),
                  stdout="freecad-validator 0.6.0 (scorer v2, combine harmonic, spec failure budget 10)\n"
                         "stage: base\nerror: /app/answer_base.FCStd not found; no reward written\n",
                  manifest=[convention_entry("empty")], trajectory=traj17,
                  agent_log=claude_log(g, u_g, 27, "", "truncated"))]
    multi_step_trial(g, ref_of(g.task), after(t0, 21.038125), steps, None, "final")
    trials.append(g)

    # h. create_and_edit, multi-step (mean), edit step's verifier failed with the answer present
    h = Trial(job, "h", "freecad-c1b47f5fee", "multi-step (mean): base scored, edit step RewardFileNotFoundError "
              "(verifier-side) with verifier_result null while steps/edit/artifacts/logs/artifacts/answer_edit.FCStd "
              "exists; trial verifier_result = Harbor's mean over the one step that has one",
              {"category": "scorer_crash"})
    two = sample_details("bracket_exact")
    base_det = base_stage_details(two)
    u_h_base, u_h_edit = (350000, 300000, 8000, 0.375), (400000, 340000, 10000, 0.4375)
    rf_path = "%s/%s/%s/verifier" % (HOST_JOBS, job["name"], h.name)
    steps = [dict(name="base", agent_s=377.650913, verifier_s=55.208114, usage=u_h_base,
                  rewards={"reward": base_det["combined"], "geometry_similarity": base_det["geometry_similarity"]},
                  details=base_det, stdout=test_stdout_base(base_det),
                  answers=[("artifacts/logs/artifacts/answer_base.FCStd",
                            sample_file("bracket_exact", "answer_base.FCStd"))],
                  manifest=[convention_entry("ok")], trajectory=traj17,
                  agent_log=claude_log(h, u_h_base, 8, "Saved /logs/artifacts/answer_base.FCStd", duration_s=377.4)),
             dict(name="edit", agent_s=488.127730, verifier_s=14.902266, usage=u_h_edit,
                  exception=("RewardFileNotFoundError", "No reward file found at %s/reward.txt or %s/reward.json"
                             % (rf_path, rf_path), "verifier"),
                  stdout="freecad-validator 0.6.0 (scorer v2, combine harmonic, spec failure budget 10)\n"
                         "scoring answer_edit.FCStd against reference_edit.FCStd\n",
                  stderr="Segmentation fault (core dumped)\n",
                  answers=[("artifacts/logs/artifacts/answer_edit.FCStd",
                            sample_file("bracket_exact", "answer_edit.FCStd"))],
                  manifest=[convention_entry("ok")], trajectory=traj17,
                  agent_log=claude_log(h, u_h_edit, 10, "Saved /logs/artifacts/answer_edit.FCStd", duration_s=487.9))]
    h_mean = mean_over_steps([s.get("rewards") for s in steps])
    multi_step_trial(h, ref_of(h.task), after(t0, 22.471806), steps, h_mean, "mean")
    trials.append(h)

    finish_utc = max(t.timeline["finished"] for t in trials)
    job_end_local = after(finish_utc + timedelta(hours=tz), 1.730044).replace(tzinfo=None)
    job["result"] = write_job(job, trials, job_start_local, job_end_local, tz)
    job["tz"] = tz
    return job, trials


def mean_over_steps(step_rewards):
    """MultiStepTrial._aggregate_step_rewards: per-key mean over steps that have a verifier_result.
    (Harbor iterates a set of keys; here the keys keep their first-seen order.)"""
    valid = [r for r in step_rewards if r is not None]
    if not valid:
        return None
    keys = []
    for r in valid:
        for k in r:
            if k not in keys:
                keys.append(k)
    return {k: sum(r.get(k, 0) for r in valid) / len(valid) for k in keys}


def make_job_020():
    job = {"dir": "job-0.20", "name": "2026-08-02__09-30-05", "version": "0.20.0",
           "harbor_commit": "459ff6ec99417589b7f679d14ddf3b3f0ae4f1dc", "id": uuid_of("job-0.20"),
           "agent": "claude-code", "agent_version": "2.3.20", "model": "anthropic/claude-opus-5",
           "kwargs": {"reasoning_effort": "high"}, "n_concurrent": 3,
           "artifacts": ["/app/answer.FCStd", "/app/answer_base.FCStd", "/app/answer_edit.FCStd", "/app/answer.py"]}
    tz = -7  # the run host's local time is UTC-07:00
    job_start_local = datetime(2026, 8, 2, 9, 30, 5, 870112)
    t0 = (job_start_local - timedelta(hours=tz)).replace(tzinfo=timezone.utc)
    to_local = lambda dt: (dt + timedelta(hours=tz)).replace(tzinfo=None)
    model = "claude-opus-5"
    trials = []

    def entries(present):
        return [convention_entry("empty")] + [file_entry(p, "ok" if p in present else "failed")
                                              for p in job["artifacts"]]

    def log(t, usage, turns, state="success"):
        return ("claude-code.txt", claude_stream(uuid_of("session", t.name), model, usage, turns, "Saved.", state))

    t1 = Trial(job, "creation", "freecad-578850b93a", "Harbor 0.20 single-step creation: no verifier_environment_mode; "
               "answers in artifacts/app/ (job-level artifacts, failed entries for the absent answer_base/edit); "
               "model with provider (provider \"anthropic\")", {"category": "- (scored > 0)"})
    det = sample_details("plate_noholes")
    rw = {"reward": sample_reward("plate_noholes")}
    u1 = (640000, 540000, 15000, 0.875)
    start = after(t0, 9.331207)
    single_step_trial(t1, ref_of(t1.task, "0.20"), start, 544.902113, 90.114871, u1, rewards=rw, details=det,
                      stdout=test_stdout_single(det, rw["reward"]),
                      answers=[("artifacts/app/answer.FCStd", sample_file("plate_noholes", "answer.FCStd")),
                               ("artifacts/app/answer.py",
                                answer_script("mounting-plate", {"holes": False}, "/app/answer.FCStd"))],
                      manifest=entries({"/app/answer.FCStd", "/app/answer.py"}),
                      trajectory=atif_simple("claude-code", "2.3.20", model, instruction_of(t1.task), u1,
                                             after(start, 105.1)),
                      agent_log=log(t1, u1, 9))
    trials.append(t1)

    t2 = Trial(job, "edit", "freecad-7c560f2150", "Harbor 0.20 single-step create_and_edit: answer_base.FCStd + "
               "answer_edit.FCStd in artifacts/app/; reward 0 with the face_count gate in the edit (target) stage",
               {"category": "geometry_zero", "gate": "face_count"})
    det = sample_details("cover_grid")
    rw = {"reward": sample_reward("cover_grid")}
    u2 = (1020000, 880000, 26000, 1.5)
    start = after(t0, 10.552948)
    single_step_trial(t2, ref_of(t2.task, "0.20"), start, 1033.448290, 131.090177, u2, rewards=rw, details=det,
                      stdout=test_stdout_two_stage(det, rw["reward"]),
                      answers=[("artifacts/app/answer_base.FCStd", sample_file("cover_grid", "answer_base.FCStd")),
                               ("artifacts/app/answer_edit.FCStd", sample_file("cover_grid", "answer_edit.FCStd"))],
                      manifest=entries({"/app/answer_base.FCStd", "/app/answer_edit.FCStd"}),
                      trajectory=atif_simple("claude-code", "2.3.20", model, instruction_of(t2.task), u2,
                                             after(start, 104.7)),
                      agent_log=log(t2, u2, 15))
    trials.append(t2)

    t3 = Trial(job, "image", "freecad-413c26b17a", "Harbor 0.20 single-step image_to_cad: verifier/reward.txt ONLY "
               "(no reward.json, no reward_details.json); AgentTimeoutError whose occurred_at is naive local time "
               "(UTC-07:00) while the trial times are UTC", {"category": "- (timed out but scored > 0: not a zero)"})
    u3 = (1500000, 1320000, 42000, 2.25)
    start = after(t0, 11.007716)
    single_step_trial(t3, ref_of(t3.task, "0.20"), start, 2400.021566, 99.870412, u3, rewards={"reward": 1.0},
                      reward_txt="1.000000\n",
                      stdout="freecad-validator 0.6.0 (scorer v2, combine harmonic, spec failure budget 10)\n"
                             "reward: 1.000000\n",
                      exception=("AgentTimeoutError", "Agent execution timed out after 2400.0 seconds", "agent"),
                      exc_fmt=lambda dt: naive(to_local(dt)),
                      answers=[("artifacts/app/answer.FCStd", sample_file("flange_exact_b", "answer.FCStd")),
                               ("artifacts/app/answer.py", sample_file("flange_exact_b", "answer.py"))],
                      manifest=entries({"/app/answer.FCStd", "/app/answer.py"}),
                      trajectory=atif_simple("claude-code", "2.3.20", model, instruction_of(t3.task), u3,
                                             after(start, 106.3)),
                      agent_log=log(t3, u3, 33, "truncated"))
    trials.append(t3)

    finish_utc = max(t.timeline["finished"] for t in trials)
    job_end_local = after(to_local(finish_utc), 0.904512)
    job["result"] = write_job(job, trials, job_start_local, job_end_local, tz)
    job["tz"] = tz
    return job, trials


# SYNTHESIZED (not a recorded scorer output): no sample trial on a pack task has geometry AND spec at 0 with a
# readable document. Written in freecad-validator 0.6.0's reason formats for a half-size plate without holes:
# bbox gate (OBB error 50 %); spec 0/7 consistent, 4 inconsistent, 3 not_found -> 1 - 7/min(7,10) = 0.
SYNTH_PLATE_HALF_NO_HOLES = {
    "score": 0.0, "geometry_similarity": 0.0, "cad_spec_consistency": 0.0, "combined": 0.0,
    "geometry_similarity_reason": "reference.FCStd vs answer.FCStd: OCCT OBB maximum relative error 50.000% >= "
                                  "10.000% threshold; gated geometry to 0.0",
    "cad_spec_consistency_reason": "spec.json vs answer.FCStd: spec_score=0.000 (0/7 consistent, 4 inconsistent, "
                                   "3 not_found; failure_budget=10)",
}


def make_job_details():
    job = {"dir": "job-details-no-answers", "name": "2026-10-05__08-15-40", "version": "0.22.0",
           "harbor_commit": "4407eb5227a2ff4f0d3f16b2eb48849382fdf276", "id": uuid_of("job-details"),
           "agent": "codex", "agent_version": "0.61.0", "model": "openai/gpt-6-astra",
           "kwargs": {"reasoning_effort": "medium"}, "n_concurrent": 6, "artifacts": []}
    tz = 9  # UTC+09:00: the job starts on 2026-10-05 local, the trials on 2026-10-04 UTC
    job_start_local = datetime(2026, 10, 5, 8, 15, 40, 660301)
    t0 = (job_start_local - timedelta(hours=tz)).replace(tzinfo=timezone.utc)
    trials = []

    def scored(key, task, shows, expect, details, reward, start_s, agent_s, usage, exception=None, stdout=True,
               verifier_s=None):
        t = Trial(job, key, task, shows, expect)
        rw = {"reward": reward} if reward is not None else None
        out = None
        if stdout and details is not None:
            out = (test_stdout_two_stage(details, reward) if "base" in details
                   else test_stdout_single(details, reward))
        if verifier_s is None:
            verifier_s = 80.5 + start_s / 100.0
        single_step_trial(t, ref_of(task), after(t0, start_s), agent_s, verifier_s, usage, rewards=rw,
                          details=details, stdout=out, exception=exception)
        trials.append(t)
        return t

    scored("gate", "freecad-413c26b17a", "geometry 0 by the bbox gate (named in geometry_similarity_reason), "
           "spec 0.111 > 0; recorded verdict, no answer files", {"category": "geometry_zero", "gate": "bbox"},
           sample_details("flange_half"), sample_reward("flange_half"), 6.2, 812.3, (700000, 600000, 18000, 0.625))
    scored("both", "freecad-578850b93a", "geometry 0 (bbox gate) AND spec 0; SYNTHESIZED verdict text",
           {"category": "geometry_and_spec_zero", "gate": "bbox"}, SYNTH_PLATE_HALF_NO_HOLES, 0.0, 7.9, 455.0,
           (420000, 350000, 11000, 0.375))
    scored("spec", "freecad-de56941e17", "spec 0 (0/6 consistent) with geometry 0.158 > 0; recorded verdict",
           {"category": "spec_zero"}, sample_details("block_scaled"), sample_reward("block_scaled"), 9.4, 690.7,
           (610000, 520000, 16000, 0.5))
    scored("positive", "freecad-deee5c3830", "a positive trial (0.549); recorded verdict, no answer files",
           {"category": "- (scored > 0)"}, sample_details("bushing_off"), sample_reward("bushing_off"), 805.1,
           512.6, (380000, 310000, 10000, 0.3125))
    scored("vtimeout", "freecad-7c431b252d", "VerifierTimeoutError (verifier-side exception), no reward files, "
           "no answer files: the recorded exception decides", {"category": "scorer_crash"}, None, None, 1262.0,
           930.4, (880000, 760000, 21000, 0.75), verifier_s=900.004212,
           exception=("VerifierTimeoutError", "Verifier execution timed out after 900.0 seconds", "verifier"))
    scored("atimeout", "freecad-d7a043ce3d", "agent-side AgentTimeoutError with reward 0 and a 0/0 verdict "
           "(\"No solid shape found\")", {"category": "final_exception"}, sample_details("shaft_timeout"),
           sample_reward("shaft_timeout"), 1480.3, 2400.017733, (1350000, 1180000, 36000, 1.125),
           exception=("AgentTimeoutError", "Agent execution timed out after 2400.0 seconds", "agent"))
    scored("missing", "freecad-7c560f2150", "no reward, no reward_details, no answer, no exception "
           "(verifier_result null): only file presence is left", {"category": "missing_output"}, None, None,
           1531.8, 377.2, None)

    finish_utc = max(t.timeline["finished"] for t in trials)
    job_end_local = after((finish_utc + timedelta(hours=tz)).replace(tzinfo=None), 0.311007)
    job["result"] = write_job(job, trials, job_start_local, job_end_local, tz)
    job["tz"] = tz
    return job, trials


# ------------------------------------------------------------------ ablation: system identity
# Four Harbor 0.22 jobs in one bundle folder (docs/formats.md "System identity"): claude-code/claude-opus-5.5 run
# twice with settings that differ in exactly one config.agent.kwargs field (temperature 0.2 vs 1.0: two systems),
# and codex/gpt-6-astra run twice with equal settings (one system, two attempts per task).
ABLATION = [
    # (key, job name, agent, agent version, model, kwargs, trials [(key, task, sample source)])
    ("temp-0.2", "2026-10-07__09-00-00", "claude-code", "2.4.1", "claude-opus-5.5",
     {"reasoning_effort": "high", "temperature": 0.2},
     [("plate", "freecad-578850b93a", "plate_holes7"), ("flange", "freecad-413c26b17a", "flange_exact")]),
    ("temp-1.0", "2026-10-07__13-00-00", "claude-code", "2.4.1", "claude-opus-5.5",
     {"reasoning_effort": "high", "temperature": 1.0},
     [("plate", "freecad-578850b93a", "plate_noholes"), ("flange", "freecad-413c26b17a", "flange_half")]),
    ("repeat-1", "2026-10-08__09-00-00", "codex", "0.61.0", "openai/gpt-6-astra", {"reasoning_effort": "medium"},
     [("bushing", "freecad-deee5c3830", "bushing_off"), ("clevis", "freecad-7c431b252d", "clevis_gap14")]),
    ("repeat-2", "2026-10-09__09-00-00", "codex", "0.61.0", "openai/gpt-6-astra", {"reasoning_effort": "medium"},
     [("bushing", "freecad-deee5c3830", "bushing_exact"), ("clevis", "freecad-7c431b252d", "clevis_baked")]),
]


def make_ablation():
    """One bundle folder `ablation/` holding the four jobs of ABLATION; returns [(job, trials)]."""
    out = []
    tz = 2
    for n, (key, name, agent, version, model, kwargs, specs) in enumerate(ABLATION):
        job = {"dir": "ablation/" + name, "name": name, "version": "0.22.0",
               "harbor_commit": "4407eb5227a2ff4f0d3f16b2eb48849382fdf276", "id": uuid_of("ablation", key),
               "agent": agent, "agent_version": version, "model": model, "kwargs": kwargs, "n_concurrent": 2,
               "artifacts": [], "key": key}
        job_start_local = datetime(*[int(x) for x in name.replace("__", "-").split("-")])
        t0 = (job_start_local - timedelta(hours=tz)).replace(tzinfo=timezone.utc)
        trials = []
        for i, (tkey, task, src) in enumerate(specs):
            t = Trial(job, tkey, task, "%s: sample verdict `%s`" % (WORKFLOW[task], src), {"category": "-"})
            det = sample_details(src)
            rw = {"reward": sample_reward(src)}
            usage = (400000 + 100000 * i + 10000 * n, 300000, 10000 + 1000 * n, 0.5 + 0.25 * i + 0.125 * n)
            if task in IMAGE_TASKS:
                answers = [("artifacts/app/answer.FCStd", sample_file(src, "answer.FCStd")),
                           ("artifacts/app/answer.py", sample_file(src, "answer.py"))]
                manifest = [convention_entry("empty"), file_entry("/app/answer.FCStd", "ok"),
                            file_entry("/app/answer.py", "ok")]
            else:
                answers = [("artifacts/logs/artifacts/answer.FCStd", sample_file(src, "answer.FCStd"))]
                manifest = [convention_entry("ok")]
            single_step_trial(t, ref_of(task), after(t0, 5.25 + 1.5 * i), 600.0 + 60.0 * i + 30.0 * n, 90.0,
                              usage, rewards=rw, details=det, stdout=test_stdout_single(det, rw["reward"]),
                              answers=answers, manifest=manifest)
            t.source = src
            trials.append(t)
        finish_utc = max(t.timeline["finished"] for t in trials)
        job_end_local = after((finish_utc + timedelta(hours=tz)).replace(tzinfo=None), 0.5)
        job["result"] = write_job(job, trials, job_start_local, job_end_local, tz)
        job["tz"] = tz
        out.append((job, trials))
    return out


def ablation_readme(ablation):
    rows = []
    for job, trials in ablation:
        for t in trials:
            rows.append("| `%s` | `%s` | %s %s | `%s` | `%s` | `%s` | %r |" % (
                job["name"], job["id"], job["agent"], job["agent_version"], job["model"],
                json.dumps(job["kwargs"]), t.name, t.result["verifier_result"]["rewards"]["reward"]))
    by_key = {job["key"]: trials for job, trials in ablation}
    reward = lambda t: t.result["verifier_result"]["rewards"]["reward"]
    mean = lambda xs: sum(xs) / len(xs)
    lo = [reward(t) for t in by_key["temp-0.2"]]
    hi = [reward(t) for t in by_key["temp-1.0"]]
    r1 = {t.task: reward(t) for t in by_key["repeat-1"]}
    r2 = {t.task: reward(t) for t in by_key["repeat-2"]}
    latest = mean([r2[k] for k in sorted(r2)])
    means = mean([(r1[k] + r2[k]) / 2 for k in sorted(r2)])
    return """## ablation (one bundle folder, four Harbor 0.22.0 jobs)

System identity (docs/formats.md "System identity"): the two claude-code/claude-opus-5.5 jobs differ in exactly
one `config.agent.kwargs` field (`temperature` 0.2 vs 1.0; same agent version, no provider), so they are two
systems; the two codex/gpt-6-astra jobs have equal settings, so they are one system with two attempts per task.
Every trial is single-step, scored > 0 or a recorded verdict of 0, with the sample verdict named.

| job | job id | agent | model | kwargs | trial folder | reward |
|---|---|---|---|---|---|---|
%(rows)s

Expected systems over `ablation/` alone, overall = mean of the per-task rewards:
- `claude-code/claude-opus-5.5 \u00b7 temperature=0.2`: 2 trials, 2 tasks, overall (%(lo0)r + %(lo1)r) / 2 = %(lo)r
- `claude-code/claude-opus-5.5 \u00b7 temperature=1.0`: 2 trials, 2 tasks, overall (%(hi0)r + %(hi1)r) / 2 = %(hi)r
- `codex/gpt-6-astra` (no variant): 4 trials, 2 tasks, 2 attempts per task; latest finished (the `repeat-2` job):
  overall %(latest)r; policy mean: %(means)r.
""" % {"rows": "\n".join(rows), "lo0": lo[0], "lo1": lo[1], "lo": mean(lo), "hi0": hi[0], "hi1": hi[1],
       "hi": mean(hi), "latest": latest, "means": means}


# ------------------------------------------------------------------ README / EXPECTED
def fmt_num(v):
    if v is None:
        return "null"
    return repr(v)


def secs(a, b):
    return (b - a).total_seconds()


def trial_row(t):
    r = t.result
    n_in, n_cache, n_out, cost = trial_usage(r)
    dur = secs(t.timeline["started"], t.timeline["finished"])
    agent = sum(secs(a, b) for a, b in t.timeline["agent"])
    vr = r["verifier_result"]
    reward = json.dumps(vr["rewards"]) if vr else "null"
    cat = t.expect["category"] + (" / gate `%s`" % t.expect["gate"] if "gate" in t.expect else "")
    return "| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        t.name, t.shows, cat, fmt_num(cost), fmt_num(n_in), fmt_num(n_cache), fmt_num(n_out),
        "%.6f" % dur, "%.6f" % agent, reward)


HEADER = ("| trial folder | what it exercises | expected category / gate | cost_usd | n_input (incl. cache) | "
          "n_cache | n_output | duration s (finished-started) | agent s (sum of agent_execution) | "
          "trial-level verifier_result.rewards |\n|---|---|---|---|---|---|---|---|---|---|")


def step_table(trials):
    rows = []
    for t in trials:
        for sr, (a0, a1), (v0, v1) in zip(t.result["step_results"] or [], t.timeline["agent"], t.timeline["verifier"]):
            ar = sr["agent_result"]
            rows.append("| %s. `%s` | %s | %s | %s | %s | %s | %.6f | %.6f | %s | %s |" % (
                t.key, t.name, sr["step_name"], fmt_num(ar["cost_usd"]), fmt_num(ar["n_input_tokens"]),
                fmt_num(ar["n_cache_tokens"]), fmt_num(ar["n_output_tokens"]), secs(a0, a1), secs(v0, v1),
                json.dumps(sr["verifier_result"]["rewards"]) if sr["verifier_result"] else "null",
                sr["exception_info"]["exception_type"] if sr["exception_info"] else "-"))
    return "\n".join(rows)


def latest_per_task(trials):
    best = {}
    for t in trials:
        if t.task not in best or t.timeline["finished"] > best[t.task].timeline["finished"]:
            best[t.task] = t
    return ", ".join("`%s` -> %s" % (task, best[task].key) for task in sorted(best))


def job_summary(job, trials):
    res = job["result"]
    st = res["stats"]
    (key, ev), = st["evals"].items()
    lines = ["- job `result.json`: id `%s`, started_at `%s`, finished_at `%s` (naive local, the host was UTC%+03d:00), "
             "n_total_trials %d" % (res["id"], res["started_at"], res["finished_at"], job["tz"], res["n_total_trials"]),
             "- stats: n_completed_trials %d, n_errored_trials %d (trial-level exception_info only), n_input_tokens %s, "
             "n_cache_tokens %s, n_output_tokens %s, cost_usd %s" % (
                 st["n_completed_trials"], st["n_errored_trials"], fmt_num(st["n_input_tokens"]),
                 fmt_num(st["n_cache_tokens"]), fmt_num(st["n_output_tokens"]), fmt_num(st["cost_usd"])),
             "- evals key `%s`: n_trials %d (trials WITH rewards), n_errors %d, metrics `%s`, exception_stats `%s`" % (
                 key, ev["n_trials"], ev["n_errors"], json.dumps(ev["metrics"]), json.dumps(ev["exception_stats"])),
             "- `lock.json`: schema_version %d, harbor.version `%s`, retry.max_retries 0" % (
                 3 if job["version"] >= "0.22" else 2, job["version"])]
    return "\n".join(lines)


def write_readme(j22, t22, j20, t20, jd, td, traj17, traj15, ablation):
    f = next(t for t in t22 if t.key == "f")
    fb = f.result["step_results"][0]["verifier_result"]["rewards"]
    fe = f.result["step_results"][1]["verifier_result"]["rewards"]
    h = next(t for t in t22 if t.key == "h")
    e = next(t for t in t22 if t.key == "e")
    edit_details = json.load(open(os.path.join(e.dir, "steps", "edit", "verifier", "reward_details.json")))
    f_details = json.load(open(os.path.join(f.dir, "steps", "edit", "verifier", "reward_details.json")))
    text = """# Harbor 0.20 / 0.22 fixtures

Result bundles in the shapes Harbor 0.20.0 and 0.22.0 really write (docs/formats.md), built from the
embedded sample's FreeCAD documents and recorded verifier verdicts. Everything here except the generator
is generated; do not edit by hand.

```
python3 tests/data/harbor/make_harbor_fixtures.py     # python3 standard library only; reruns are byte-identical
```

| folder | what it is |
|---|---|
| `pack/` | task pack: the 9 sample tasks. `freecad-856aa02a44` (`multi_step_reward_strategy = "final"`) and `freecad-c1b47f5fee` (`"mean"`) are Harbor multi-step tasks with `[[steps]]` `base` and `edit` and `steps/<name>/instruction.md`; the image_to_cad tasks declare `artifacts = ["/app/answer.FCStd", "/app/answer.py"]`. `freecad-7c560f2150`, `freecad-de56941e17` and `freecad-d7a043ce3d` are only used by `job-0.20` and `job-details-no-answers` (the verdicts those trials need exist only on these tasks). |
| `job-0.22/` | Harbor 0.22.0 job, claude-code 2.4.1, model given as `claude-opus-5.5` (no provider: `model_info.provider` is null), kwargs `{"reasoning_effort": "high"}`. 8 trials a-h. |
| `job-0.20/` | Harbor 0.20.0 job, claude-code 2.3.20, model `anthropic/claude-opus-5` (provider `anthropic`). 3 trials. |
| `job-details-no-answers/` | Harbor 0.22.0 job, codex 0.61.0, model `openai/gpt-6-astra`, kwargs `{"reasoning_effort": "medium"}`: trials keep `verifier/reward.json` + `reward_details.json` but no artifacts, no agent logs. One trial per taxonomy case. |
| `ablation/` | four Harbor 0.22.0 jobs for system identity: claude-code/claude-opus-5.5 at `temperature` 0.2 and 1.0 (two systems), codex/gpt-6-astra twice with equal settings (one system). See below. |
| `trajectories/` | `atif-v1.7-subagent.json`, `atif-v1.5.json` and `EXPECTED.md` (their counts and totals). |

Every job folder has `config.json` (JobConfig, exclude_defaults), `lock.json` (JobLock), `result.json`
(JobResult without trial_results, naive local times), `job.log`; every trial `config.json`
(TrialConfig, exclude_defaults), `lock.json` (TrialLock), `result.json` (TrialResult, all fields, nulls kept,
`model_dump_json(indent=4)`: 4-space indent, no trailing newline), `trial.log`, and `exception.txt` when a
trial-level exception is recorded. Trial times are UTC (`...Z`, microseconds); the task is
`gnucleus-ai/<task>` with `ref` `sha256:<digest of the pack folder>` (0.20: a digest of an older task version)
and `source` `gnucleus-ai/cad-bench`. Artifact manifests use Harbor's destinations, which are relative to the
trial (or step) folder and start with `artifacts/` (e.g. `artifacts/app/answer.FCStd`,
`artifacts/logs/artifacts`).

All costs are binary fractions (multiples of 1/64 USD) so sums are exact in floating point; durations are
`finished_at - started_at` in seconds from the UTC trial times; "agent s" sums the `agent_execution` windows
(for multi-step trials the steps' windows).

## job-0.22 (`%(j22name)s`)

%(H)s
%(rows22)s

%(sum22)s

Per step (multi-step trials; a trial's cost/tokens above are the sums of its steps' `agent_result`):

| trial | step | cost_usd | n_input (incl. cache) | n_cache | n_output | agent s | verifier s | step verifier_result.rewards | step exception_type |
|---|---|---|---|---|---|---|---|---|---|
%(steps22)s

Latest finished trial per task (the default selection when a system has several trials of a task): %(latest22)s.

Notes:
- **a**: `agent/trajectory.json` is `trajectories/atif-v1.7-subagent.json`, whose `final_metrics` equal a's
  `agent_result` (900000 / 750000 / 20000 / 1.25). The same file is copied into every other trial and step
  (not b) without matching their `agent_result`.
- **e** (final): the edit step's `reward_details.json` is the source trial's two-stage verdict
  (`score` %(e_score)r, `base.combined` %(e_base)r, `target.combined` %(e_target)r); the base step's is the
  base stage alone (%(e_base)r). Trial reward = edit step's `{"reward": %(e_score)r}`.
- **f** (mean, trial-level `verifier_result` null on purpose; Harbor 0.22 itself would have written the mean):
  steps `base` `%(fb)s`, `edit` `%(fe)s`. Harbor's rule, per key over the 2 steps with a verifier_result,
  a missing key counting 0:
  `reward = (%(fb_r)r + %(fe_r)r) / 2 = %(f_r)r`,
  `geometry_similarity = (%(fb_g)r + 0) / 2 = %(f_g)r`.
  The benchmark's own two-stage reward is in the edit step's details: `score` %(f_score)r.
- **g**: stopped after `base` (AgentTimeoutError in `step_results[0].exception_info`, `verifier_result` null);
  `step_results` has one entry, there is no `steps/edit/`; trial `exception_info` and `verifier_result` are null,
  so the job does not count it in `n_errored_trials` or `n_trials`. Cost/tokens are the base step's.
- **h**: trial-level `verifier_result` is what Harbor writes for strategy mean when only `base` has a
  verifier_result: `%(h_mean)s`. The edit stage was never scored (RewardFileNotFoundError, answer present):
  scorer_crash, which counts as reward 0 in every mean (a scorer crash is a 0), whatever Harbor's mean says.
- b has `agent_result` with every field null: cost and tokens unknown (not 0); it has no trajectory.

## job-0.20 (`%(j20name)s`)

%(H)s
%(rows20)s

%(sum20)s

Notes: no `verifier_environment_mode` key in trial results; lock.json `schema_version` 2 with trial locks of
`schema_version` 1; job-level `artifacts` (`/app/answer.FCStd`, `/app/answer_base.FCStd`, `/app/answer_edit.FCStd`,
`/app/answer.py`) appear in every config and manifest (absent files are `failed` entries); the image trial's
`exception_info.occurred_at` is naive local time (UTC-07:00), 7 hours behind its UTC `agent_execution.finished_at`.
Trajectories are small ATIF-v1.7 files whose `final_metrics` equal each trial's `agent_result`.

## job-details-no-answers (`%(jdname)s`)

%(H)s
%(rowsd)s

%(sumd)s

Notes: the `both` trial's `reward_details.json` is SYNTHESIZED in the verifier's reason formats (no sample
trial on a pack task has geometry and spec both 0 with a readable document); every other verdict is a recorded
`vernier-cli score` output from resources/sample. The `vtimeout` trial has no reward files (scorer_crash
decided by `exception_info`), the `missing` trial nothing at all (missing_output from file presence).

%(ablation)s
## Sources

| fixture | sample trial it re-uses (resources/sample/results/...) |
|---|---|
%(sources)s
""" % {
        "H": HEADER, "j22name": j22["name"], "j20name": j20["name"], "jdname": jd["name"],
        "rows22": "\n".join("| %s. " % t.key + trial_row(t)[2:] for t in t22),
        "rows20": "\n".join("| %s. " % t.key + trial_row(t)[2:] for t in t20),
        "rowsd": "\n".join("| %s. " % t.key + trial_row(t)[2:] for t in td),
        "steps22": step_table(t22), "latest22": latest_per_task(t22),
        "sum22": job_summary(j22, t22), "sum20": job_summary(j20, t20), "sumd": job_summary(jd, td),
        "e_score": edit_details["score"], "e_base": edit_details["base"]["combined"],
        "e_target": edit_details["target"]["combined"],
        "fb": json.dumps(fb), "fe": json.dumps(fe), "fb_r": fb["reward"], "fe_r": fe["reward"],
        "f_r": f.expected_mean["reward"], "fb_g": fb["geometry_similarity"],
        "f_g": f.expected_mean["geometry_similarity"], "f_score": f_details["score"],
        "h_mean": json.dumps(h.result["verifier_result"]["rewards"]),
        "sources": "\n".join("| `%s` | `%s` |" % (k, v) for k, v in SOURCES_USED),
        "ablation": ablation_readme(ablation),
    }
    write_text(out_path("README.md"), text)


SOURCES_USED = [
    ("job-0.22 a", SRC["plate_holes7"] + " (answer.py regenerated from plan.py's candidate)"),
    ("job-0.22 b", SRC["clevis_gap14"]),
    ("job-0.22 c", SRC["flange_exact"]),
    ("job-0.22 e", SRC["spacer_pcd24"]),
    ("job-0.22 f", SRC["bracket_nofillet"]),
    ("job-0.22 h", SRC["bracket_exact"]),
    ("job-0.20 creation", SRC["plate_noholes"] + " (answer.py regenerated)"),
    ("job-0.20 edit", SRC["cover_grid"]),
    ("job-0.20 image", SRC["flange_exact_b"]),
    ("details gate", SRC["flange_half"]),
    ("details spec", SRC["block_scaled"]),
    ("details positive", SRC["bushing_off"]),
    ("details vtimeout", SRC["clevis_vtimeout"] + " (its exception only)"),
    ("details atimeout", SRC["shaft_timeout"]),
] + [("ablation %s %s" % (a[0], tkey), SRC[src]) for a in ABLATION for tkey, _, src in a[6]]


def write_expected(traj17, traj15):
    rows = []
    for fname, traj in (("atif-v1.7-subagent.json", traj17), ("atif-v1.5.json", traj15)):
        n, p, c, k, usd = atif_summary(traj)
        fm = traj["final_metrics"]
        rows.append("| `%s` | top level | %s | %d | %d | %d | %d | %d | %r | %s | %s | %s | %s | %s |" % (
            fname, traj["schema_version"], n, sum(1 for s in traj["steps"] if s["source"] == "agent"), p, c, k, usd,
            fmt_num(fm.get("total_prompt_tokens")), fmt_num(fm.get("total_completion_tokens")),
            fmt_num(fm.get("total_cached_tokens")), fmt_num(fm.get("total_cost_usd")), fmt_num(fm.get("total_steps"))))
        for sub in traj.get("subagent_trajectories") or []:
            n, p, c, k, usd = atif_summary(sub)
            fm = sub["final_metrics"]
            rows.append("| `%s` | subagent `%s` | %s | %d | %d | %d | %d | %d | %r | %s | %s | %s | %s | %s |" % (
                fname, sub["trajectory_id"], sub["schema_version"], n,
                sum(1 for s in sub["steps"] if s["source"] == "agent"), p, c, k, usd,
                fmt_num(fm["total_prompt_tokens"]), fmt_num(fm["total_completion_tokens"]),
                fmt_num(fm["total_cached_tokens"]), fmt_num(fm["total_cost_usd"]), fmt_num(fm["total_steps"])))
    text = """# Expected values of the ATIF fixtures

Generated by `make_harbor_fixtures.py`. "steps ..." columns are sums over that trajectory's own `steps[].metrics`
(steps without metrics count 0); "final_metrics ..." are the recorded totals. In the v1.7 file the root's
final_metrics = its own steps + the embedded subagent (tokens and cost), and `total_steps` counts the root's own
steps only. The v1.5 file (openhands) records no `total_steps` and no `model_name`.

| file | trajectory | schema | steps | agent steps | steps prompt | steps completion | steps cached | steps cost | final_metrics prompt | final completion | final cached | final cost | final total_steps |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
%s

Other facts the v1.7 file pins down:
- root `trajectory_id` `%s`, `session_id` `%s`; the subagent has its own `trajectory_id` `%s` and the same
  `session_id` (run-scoped); step 5's observation result references it by `subagent_trajectory_ref[0].trajectory_id`
  (embedded form: no `trajectory_path`).
- step 6's `message` is a list of two `{"type": "text"}` parts ("The holes came out at 7.0 mm; the spec asks for
  6.6 mm clearance holes." and "Keeping 7.0 mm: M6 medium fit. Writing a short summary."); its `llm_call_count` is 2.
- `llm_call_count` sums: root 6 (steps 3, 4, 5, 8: 1 each; step 6: 2; step 7: 0), subagent 2; 5 of the root's
  6 agent steps carry metrics.
- step 7 is an agent step with `llm_call_count` 0 and no metrics and no reasoning_content (deterministic dispatch).
- `continued_trajectory_ref` is present and null; steps 1-2 are `system` and `user`; steps 3 and 6 carry
  `reasoning_content`; `tool_calls[].arguments` are objects.
- v1.5: steps 1-3 have `is_copied_context: true`; all messages are plain strings.
""" % ("\n".join(rows), traj17["trajectory_id"], traj17["session_id"],
       traj17["subagent_trajectories"][0]["trajectory_id"])
    write_text(out_path("trajectories", "EXPECTED.md"), text)


# ------------------------------------------------------------------ main
def main():
    for name in GENERATED:
        p = out_path(name)
        if os.path.isdir(p):
            shutil.rmtree(p)
        elif os.path.exists(p):
            os.remove(p)
    make_pack()
    traj17 = atif_v17_subagent()
    traj15 = atif_v15_openhands()
    write_trajectory(out_path("trajectories", "atif-v1.7-subagent.json"), traj17)
    write_trajectory(out_path("trajectories", "atif-v1.5.json"), traj15)
    write_expected(traj17, traj15)
    j22, t22 = make_job_022(traj17)
    j20, t20 = make_job_020()
    jd, td = make_job_details()
    ablation = make_ablation()
    write_readme(j22, t22, j20, t20, jd, td, traj17, traj15, ablation)
    total = 0
    for dirpath, _, filenames in os.walk(OUT):
        for fn in filenames:
            total += os.path.getsize(os.path.join(dirpath, fn))
    print("wrote %s (%d bytes)" % (os.path.relpath(OUT, ROOT), total))


if __name__ == "__main__":
    main()
