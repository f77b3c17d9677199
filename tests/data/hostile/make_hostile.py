#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
"""Writes the committed corpus of broken inputs (issue 8) next to this script.

fcstd/  damaged candidate documents, each derived from tests/data/fcstd/box_additive.FCStd
json/   broken spec.json files
bundle/ a Harbor job folder whose trials are broken in every way the importer must survive,
        plus two good trials (tasks of resources/sample/pack)

Archives a normal writer refuses to make (lying sizes, escaping or non-UTF-8 names) come from the small
raw writer below. The 100k-entry zip and symlinks are made by the tests at run time (too big / not
portable to commit). Deterministic: running it twice gives the same bytes.
"""
import json
import os
import re
import shutil
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASE = HERE.parent / "fcstd" / "box_additive.FCStd"
EPOCH = ((2020 - 1980) << 9 | 1 << 5 | 1, 0)  # fixed DOS date/time so the bytes are reproducible


def raw_zip(items, comment=b""):
    """items: (name bytes, data bytes, deflate?, declared uncompressed size or None, utf8 flag)."""
    out, central = bytearray(), bytearray()
    for name, data, deflate, declared, utf8 in items:
        if deflate:
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            payload = c.compress(data) + c.flush()
        else:
            payload = data
        size = len(data) if declared is None else declared
        crc = zlib.crc32(data) & 0xFFFFFFFF
        flags = 0x800 if utf8 else 0
        method = 8 if deflate else 0
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, method, EPOCH[1], EPOCH[0], crc,
                           len(payload), size, len(name), 0) + name + payload
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, flags, method, EPOCH[1],
                               EPOCH[0], crc, len(payload), size, len(name), 0, 0, 0, 0, 0,
                               offset) + name
    cd_offset = len(out)
    out += central
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(items), len(items), len(central), cd_offset,
                       len(comment)) + comment
    return bytes(out)


def base_entries():
    import zipfile
    with zipfile.ZipFile(BASE) as z:
        return [(i.filename, z.read(i.filename)) for i in z.infolist()]


def body_shape_entry(doc_xml):
    data = doc_xml.decode()
    body = re.search(r'<ObjectData.*?<Object name="Body"(.*?)</Object>', data, re.S).group(1)
    return re.search(r'<Part file="([^"]+)"', body).group(1)


def fcstd(entries, extra=()):
    items = [(n.encode(), d, True, None, False) for n, d in entries] + list(extra)
    return raw_zip(items, b"FreeCAD Document")


def replaced(entries, name, data):
    return [(n, data if n == name else d) for n, d in entries if not (n == name and data is None)]


def write(rel, data):
    p = HERE / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data if isinstance(data, bytes) else data.encode())


def make_documents():
    entries = base_entries()
    doc = dict(entries)["Document.xml"]
    shape = body_shape_entry(doc)
    whole = fcstd(entries)
    deep = b"<?xml version='1.0' encoding='utf-8'?>\n<Document SchemaVersion=\"4\">" + b"<a>" * 100000 \
        + b"</a>" * 100000 + b"</Document>"
    docs = {
        "not_a_zip.FCStd": b"This is plain text pretending to be a FreeCAD document.\n",
        "empty_file.FCStd": b"",
        "truncated.FCStd": whole[: len(whole) // 2],
        "no_document_xml.FCStd": fcstd([(n, d) for n, d in entries if n != "Document.xml"]),
        "malformed_xml.FCStd": fcstd(replaced(entries, "Document.xml", doc[: len(doc) // 2])),
        "deep_xml.FCStd": fcstd(replaced(entries, "Document.xml", deep)),
        "missing_shape.FCStd": fcstd(replaced(entries, shape, None)),
        "corrupt_shape.FCStd": fcstd(replaced(entries, shape, b"\x01\x02 not a shape \xff\xfe" * 8)),
        "truncated_shape.FCStd": fcstd(replaced(entries, shape, dict(entries)[shape][:2000])),
        "empty_shape.FCStd": fcstd(replaced(entries, shape, b"")),
        "path_traversal.FCStd": fcstd(entries, [(b"../../outside.txt", b"escaped", False, None, False)]),
        # 8 MiB of zeros deflate to ~8 KiB: the ratio limit (200:1) rejects it before inflating.
        "zip_bomb.FCStd": fcstd(entries, [(b"bomb.brp", bytes(8 << 20), True, None, False)]),
        # A small entry that claims 4 GiB - 1: rejected from the central directory alone.
        "zip_bomb_declared.FCStd": fcstd(entries, [(b"huge.brp", bytes(4096), True, 0xFFFFFFFF, False)]),
        # A binary BREP whose polygon count asks for ~7 GB (found by fuzz_brep): refused, never allocated.
        "brep_huge_count.FCStd": fcstd(replaced(entries, shape, (
            HERE / "fuzz-regressions/fuzz_brep/binary-huge-polygon-count-oom-e81c9372").read_bytes())),
        # The document's own entries renamed to bytes that are not UTF-8.
        "non_utf8_names.FCStd": raw_zip([(b"Document\xff\xfe.xml", doc, True, None, False)] +
                                        [(n.encode() + b"\xc3\x28", d, True, None, False)
                                         for n, d in entries if n != "Document.xml"], b"FreeCAD Document"),
    }
    for name, data in docs.items():
        write("fcstd/" + name, data)


def make_specs():
    specs = {
        "invalid.json": '{"name": "plate", "key_parameters": "length: 10 mm", ',
        "not_object.json": "[1, 2, 3]\n",
        "key_parameters_number.json": '{"name": "plate", "key_parameters": 42}\n',
        "deep.json": "[" * 20000 + "]" * 20000,
        "not_utf8.json": b'{"name": "pl\xffate", "key_parameters": "length: 10 mm"}\n',
    }
    for name, data in specs.items():
        write("json/" + name, data)


def trial(job, folder, task, agent="hostile-agent", model="test/model-1", reward=None, files=None):
    d = job / folder
    result = {
        "task_name": "gnucleus-ai/" + task,
        "trial_name": folder,
        "agent_info": {"name": agent, "version": "1", "model_info": {"name": model, "provider": "test"}},
        "agent_result": {"n_input_tokens": 1000, "n_output_tokens": 100, "cost_usd": 0.01},
        "started_at": "2026-09-15T13:40:07Z",
        "finished_at": "2026-09-15T13:50:07Z",
    }
    out = {"result.json": json.dumps(result, indent=1) + "\n"}
    if reward is not None:
        out["verifier/reward.json"] = json.dumps({"reward": reward}) + "\n"
    out.update(files or {})
    for rel, data in out.items():
        p = d / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data if isinstance(data, bytes) else data.encode())


def make_bundle():
    job = HERE / "bundle" / "job-hostile"
    if job.exists():
        shutil.rmtree(job)
    job.mkdir(parents=True)
    (job / "config.json").write_text('{"job_name": "job-hostile"}\n')
    (job / "result.json").write_text('{"id": "job-hostile", "n_total_trials": 11}\n')
    answer = BASE.read_bytes()
    doc = lambda n: (HERE / "fcstd" / n).read_bytes()
    a = "artifacts/app/answer.FCStd"
    # Good trials: recorded rewards, readable answers.
    trial(job, "freecad-578850b93a__good", "freecad-578850b93a", reward=0.75, files={a: answer})
    trial(job, "freecad-d7a043ce3d__good", "freecad-d7a043ce3d", reward=0.5, files={a: answer})
    # Broken metadata: the trial is listed with its reason, nothing else is affected.
    trial(job, "freecad-deee5c3830__invalid_json", "freecad-deee5c3830",
          files={"result.json": '{"task_name": "gnucleus-ai/freecad-deee5c3830", "trial_name": '})
    trial(job, "freecad-deee5c3830__result_array", "freecad-deee5c3830", files={"result.json": "[]\n"})
    trial(job, "freecad-deee5c3830__reward_string", "freecad-deee5c3830", reward="0.8")
    trial(job, "freecad-deee5c3830__reward_no_key", "freecad-deee5c3830",
          files={"verifier/reward.json": '{"score": 1.0}\n'})
    trial(job, "freecad-deee5c3830__reward_txt_words", "freecad-deee5c3830",
          files={"verifier/reward.txt": "zero point five\n"})
    trial(job, "freecad-deee5c3830__reward_infinite", "freecad-deee5c3830",
          files={"verifier/reward.json": '{"reward": 1e999}\n'})
    # Broken answers: metadata is fine (recorded reward kept); rescoring names the document's problem.
    trial(job, "freecad-578850b93a__truncated_answer", "freecad-578850b93a", agent="hostile-answers",
          reward=0.0, files={a: doc("truncated.FCStd")})
    trial(job, "freecad-578850b93a__bomb_answer", "freecad-578850b93a", agent="hostile-answers",
          reward=0.0, files={a: doc("zip_bomb.FCStd")})
    trial(job, "freecad-578850b93a__corrupt_shape_answer", "freecad-578850b93a", agent="hostile-answers",
          reward=0.0, files={a: doc("corrupt_shape.FCStd")})


if __name__ == "__main__":
    make_documents()
    make_specs()
    make_bundle()
