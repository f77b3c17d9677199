#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""ctest `cli.schemas`: every command's JSON output, made by the built vernier-cli on the repository's own
inputs, validates against its JSON Schema (2020-12) in docs/schemas/ (docs/cli.md "JSON schemas"), with the
kept validator python3-jsonschema. Also: every schema is itself a valid 2020-12 schema, each output's
schema_version is the one its schema names, and a document with the provenance block taken out fails, so
the schemas do hold the block. Exits non-zero on any problem.

Usage: validate_schemas.py --cli build/bin/vernier-cli --source .
"""
import argparse
import copy
import glob
import json
import os
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError as e:  # the test is registered only where python3 is; say what is missing
    print(f"validate_schemas: python3-jsonschema is needed ({e}); scripts/deps.sh installs it")
    sys.exit(1)
try:  # jsonschema >= 4.18 resolves $ref through `referencing`; Debian 12's 4.10 through RefResolver
    from referencing import Registry, Resource
except ImportError:
    Registry = Resource = None

SYSTEM_A = "claude-code/claude-opus-5.5"
SYSTEM_B = "codex/gpt-6-astra"


def load_schemas(folder):
    schemas, resources = {}, []
    for path in sorted(glob.glob(os.path.join(folder, "*.schema.json"))):
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        name = os.path.basename(path)[: -len(".schema.json")]
        schemas[name] = schema
        if "$id" in schema:
            resources.append((schema["$id"], schema))
    return schemas, resources


def validator_for(schema, resources):
    if Registry is not None:
        registry = Registry().with_resources((i, Resource.from_contents(s)) for i, s in resources)
        return jsonschema.Draft202012Validator(schema, registry=registry)
    resolver = jsonschema.RefResolver.from_schema(schema, store=dict(resources))
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--source", required=True)
    o = ap.parse_args()
    schemas, registry = load_schemas(os.path.join(o.source, "docs", "schemas"))
    problems, checked = [], []
    work = tempfile.mkdtemp(prefix="vernier-schemas-")
    env = dict(os.environ, VERNIER_CACHE_DIR=os.path.join(work, "cache"), QT_QPA_PLATFORM="offscreen")
    fcstd = os.path.join(o.source, "tests", "data", "fcstd")
    sample = os.path.join(o.source, "resources", "sample")
    results, pack = os.path.join(sample, "results"), os.path.join(sample, "pack")
    harbor = os.path.join(o.source, "tests", "data", "harbor")

    def validate(label, command, doc):
        checked.append(label)
        validator = validator_for(schemas[command], registry)
        for err in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
            path = "/".join(str(p) for p in err.absolute_path)
            problems.append(f"{label}: {command}.schema.json at /{path}: {err.message[:200]}")
        want = schemas[command].get("properties", {}).get("schema_version", {}).get("const")
        if want is not None and doc.get("schema_version") != want:
            problems.append(f"{label}: schema_version {doc.get('schema_version')!r}, schema says {want}")
        # Without the provenance block the document must fail: the schema holds it.
        stripped = copy.deepcopy(doc)
        for key in ("generator", "inputs", "generated_at"):
            stripped.pop(key, None)
        if validator.is_valid(stripped):
            problems.append(f"{label}: still valid without generator/inputs/generated_at")

    def run_json(label, command, args, codes=(0,)):
        p = subprocess.run([o.cli] + args, capture_output=True, text=True, env=env, timeout=900)
        if p.returncode not in codes:
            problems.append(f"{label}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
            return None
        try:
            doc = json.loads(p.stdout)
        except ValueError as e:
            problems.append(f"{label}: stdout is not JSON ({e})")
            return None
        validate(label, command, doc)
        return doc

    def fx(name):
        return os.path.join(fcstd, name + ".FCStd")

    run_json("version", "version", ["version", "--format", "json"])
    for name in ("plate_hole", "box_additive", "l_bracket_fillet"):
        run_json(f"inspect {name}", "inspect", ["inspect", fx(name), "--json"])
    spec = os.path.join(pack, "freecad-578850b93a", "tests", "spec.json")
    run_json("score with spec", "score",
             ["score", "--reference", fx("box_additive"), "--candidate", fx("box_sketch_pad"), "--spec", spec,
              "--json"])
    run_json("score", "score", ["score", "--reference", fx("plate_hole"), "--candidate", fx("plate_hole_moved"),
                                "--json"])
    run_json("score two-stage", "score",
             ["score", "--reference-base", fx("box_additive"), "--candidate-base", fx("box_2_91"),
              "--reference-edit", fx("cylinder"), "--candidate-edit", fx("cylinder_rotated"), "--json"])
    inputs = [results, "--tasks", pack]
    run_json("leaderboard", "leaderboard", ["leaderboard"] + inputs)
    run_json("leaderboard filtered", "leaderboard",
             ["leaderboard"] + inputs + ["--workflow", "creation", "--policy", "mean", "--format", "json"])
    run_json("compare", "compare", ["compare"] + inputs + ["--a", SYSTEM_A, "--b", SYSTEM_B])
    run_json("rescore job-0.22", "rescore",
             ["rescore", os.path.join(harbor, "job-0.22"), "--tasks", os.path.join(harbor, "pack")])
    run_json("validate-submission clean", "validate-submission",
             ["validate-submission", os.path.join(o.source, "tests", "data", "submission", "clean"), "--json"],
             codes=(0, 3))
    run_json("export --heatmap", "export", ["export"] + inputs + ["--heatmap", "--format", "json"])
    out_dir = os.path.join(work, "export")
    # A vernier-cli built without the GUI libraries (the sanitizer build) refuses a full export with one line.
    probe = subprocess.run([o.cli, "export"] + inputs + ["--out", os.path.join(work, "probe"), "--dpi", "72"],
                           capture_output=True, text=True, env=env, timeout=900)
    full_export = not (probe.returncode == 2 and "without the GUI" in probe.stderr)
    exported = run_json("export", "export", ["export"] + inputs + ["--out", out_dir, "--dpi", "72"]) \
        if full_export else None
    if exported is not None:
        for name, command in (("leaderboard.json", "leaderboard"),):
            path = os.path.join(out_dir, name)
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            checked.append(name)
            # The export's own block (schema 1, with the command line) on the leaderboard document.
            validate(f"export {name}", command, doc)
        for name in ("leaderboard.json", "heatmap.json", "leaderboard.csv", "leaderboard.tex", "heatmap.md",
                     "heatmap.svg", "heatmap.pdf", "heatmap.png"):
            run_json(f"provenance {name}", "provenance", ["provenance", os.path.join(out_dir, name)])
    else:
        # Tables only: the provenance of a heatmap table written with --out.
        for fmt, ext in (("json", "json"), ("csv", "csv"), ("markdown", "md")):
            path = os.path.join(work, "heatmap." + ext)
            subprocess.run([o.cli, "export"] + inputs + ["--heatmap", "--format", fmt, "--out", path],
                           capture_output=True, text=True, env=env, timeout=900)
            run_json(f"provenance heatmap.{ext}", "provenance", ["provenance", path])

    # Every schema of a command is used above (workspace.schema.json describes a file, not an output).
    used = {label.split()[0] for label in checked}
    for name in schemas:
        if name not in ("common", "workspace") and name not in used:
            problems.append(f"{name}.schema.json: no output was validated against it")

    for p in problems:
        print(p)
    print(f"schemas: {len(checked)} output(s) validated against {len(schemas)} schema(s), "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
