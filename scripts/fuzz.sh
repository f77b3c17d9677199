#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer targets (fuzz/) with clang + ASan/UBSan into build-fuzz and runs each for N seconds
# with seed corpora made from tests/data and the sample bundle (issue 8). Not part of scripts/deps.sh:
# clang is only needed here.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET=60] [TARGET...]     e.g. scripts/fuzz.sh 3600 fuzz_brep
#
# Findings land in build-fuzz/fuzz/findings/<target>/ (crash-*, timeout-*, oom-*); the script exits 1 if
# any target found one. Turn each into a regression input under tests/data/hostile/fuzz-regressions/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-60}"
shift || true
ALL_TARGETS=(fuzz_safe_zip fuzz_fcstd_document fuzz_document_xml fuzz_brep fuzz_spec_json fuzz_trial_files
             fuzz_task_toml fuzz_submission_manifest fuzz_atif_trajectory fuzz_workspace fuzz_job_files)
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi

if ! command -v clang++ >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a \
        >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get install -y --no-install-recommends clang libclang-rt-14-dev
fi

JOBS="${JOBS:-$(nproc)}"
if [ "${SKIP_BUILD:-0}" != 1 ]; then  # SKIP_BUILD=1: run the targets already in build-fuzz
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
    -DCMAKE_CXX_COMPILER=clang++ -DVERNIER_FUZZ=ON -DVERNIER_SANITIZE=ON -DVERNIER_BUILD_GUI=OFF \
    -DVERNIER_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz -j"$JOBS" --target "${TARGETS[@]}"
fi

# Seed corpora: real documents and their parts, the hostile corpus, the sample bundle's metadata files.
SEEDS=build-fuzz/fuzz/seeds
python3 - "$SEEDS" <<'PY'
import glob, os, shutil, sys, zipfile
seeds = sys.argv[1]
def put(target, name, data):
    d = os.path.join(seeds, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)
docs = sorted(glob.glob("tests/data/fcstd/*.FCStd")) + sorted(glob.glob("tests/data/hostile/fcstd/*.FCStd"))
for p in docs:
    data = open(p, "rb").read()
    base = os.path.basename(p)
    put("fuzz_safe_zip", base, data)
    put("fuzz_fcstd_document", base, data)
    try:
        with zipfile.ZipFile(p) as z:
            for info in z.infolist():
                body = z.read(info)
                if info.filename == "Document.xml":
                    put("fuzz_document_xml", base + ".xml", body)
                elif len(body) < 200000:
                    put("fuzz_brep", base + "." + info.filename.replace("/", "_"), body)
    except Exception:
        pass  # hostile documents are seeds for the archive targets only
for p in sorted(glob.glob("resources/sample/pack/*/tests/spec.json")) + sorted(glob.glob("tests/data/hostile/json/*.json")):
    put("fuzz_spec_json", p.replace("/", "_"), open(p, "rb").read())
for p in sorted(glob.glob("resources/sample/pack/*/task.toml")):
    put("fuzz_task_toml", p.replace("/", "_"), open(p, "rb").read())
for p in sorted(glob.glob("resources/sample/results/*/*/agent/trajectory.json"))[:10] + \
        sorted(glob.glob("tests/data/harbor/trajectories/*.json")):
    put("fuzz_atif_trajectory", p.replace("/", "_"), open(p, "rb").read())
for p in sorted(glob.glob("tests/data/submission/*/submissions/v2/*.yaml")) + ["tests/data/submission/clean/manifest.json"]:
    put("fuzz_submission_manifest", p.replace("/", "_"), open(p, "rb").read())
for p in sorted(glob.glob("tests/data/workspace/*.json")):
    put("fuzz_workspace", os.path.basename(p), open(p, "rb").read())
# fuzz_job_files: first byte picks the job-level file (0 result.json, 1 lock.json, 2 config.json).
for p in sorted(glob.glob("tests/data/harbor/job-*/*.json")) + sorted(glob.glob("resources/sample/results/*/*.json")):
    name = os.path.basename(p)
    if name in ("result.json", "lock.json", "config.json") and os.path.getsize(p) < 100000:
        put("fuzz_job_files", p.replace("/", "_"), bytes([("result.json", "lock.json", "config.json").index(name)])
            + open(p, "rb").read())
# fuzz_trial_files: first byte picks the file (0 result.json, 1 reward.json, 2 reward.txt, 3 reward_details.json,
# 4 config.json).
kinds = {"result.json": 0, "reward.json": 1, "reward.txt": 2, "reward_details.json": 3, "config.json": 4}
trials = sorted(glob.glob("resources/sample/results/*/*/")) + sorted(glob.glob("tests/data/hostile/bundle/*/*/"))
for t in trials[:40]:
    for rel in ["result.json", "config.json", "verifier/reward.json", "verifier/reward.txt",
                "verifier/reward_details.json"]:
        p = os.path.join(t, rel)
        if os.path.isfile(p) and os.path.getsize(p) < 100000:
            put("fuzz_trial_files", t.strip("/").replace("/", "_") + "_" + rel.replace("/", "_"),
                bytes([kinds[os.path.basename(rel)]]) + open(p, "rb").read())
PY

status=0
for t in "${TARGETS[@]}"; do
    corpus=build-fuzz/fuzz/corpus/$t findings=build-fuzz/fuzz/findings/$t
    mkdir -p "$corpus" "$findings"
    echo "== $t: ${SECONDS_PER_TARGET}s"
    # OCCT sizes arrays from counts in the file before finding the data missing: under ASan such a huge
    # allocation becomes resident (shadow, quarantine) and trips the RSS limit, while a normal build only
    # reserves it (a few pages) and, under a ulimit, reports "absurd sizes" (tested by
    # HostileCorpus.AbsurdBrepCountsUnderAMemoryLimitExitTwo). So fork mode ignores OOMs and keeps going;
    # they are saved as oom-* and listed, crashes and timeouts fail the run.
    # OCCT keeps process-wide caches alive until exit: leak reports there are noise, not findings.
    ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "build-fuzz/fuzz/$t" -fork=1 -ignore_ooms=1 -max_total_time="$SECONDS_PER_TARGET" -timeout=25 \
        -rss_limit_mb=2560 -max_len=262144 -artifact_prefix="$findings/" "$corpus" "$SEEDS/$t" \
        >"build-fuzz/fuzz/$t.log" 2>&1 || true
    grep -aE "^#[0-9]+: cov" "build-fuzz/fuzz/$t.log" | tail -1
    if ls "$findings"/oom-* >/dev/null 2>&1; then
        echo "   $t: $(ls "$findings"/oom-* | wc -l) out-of-memory input(s) in $findings (see comment above)"
    fi
    if ls "$findings"/crash-* "$findings"/timeout-* >/dev/null 2>&1; then
        echo "!! $t: crashes or timeouts in $findings"
        status=1
    fi
done
exit $status
