// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// cad-bench-submission v2 (docs/formats.md, "cad-bench v2 submissions"): the YAML manifest, the benchmark
// policy (benchmarks/<tag>.json), the maintainers' manifest checks and their artifact audit of a downloaded
// Harbor job. Read-only: the job is read through a BundleTree and nothing is written. A file that cannot be
// read at all is an InputError with a one-line reason; everything else the rules reject is a finding.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace vernier {

class BundleTree;

// The audit's SCORE_TOLERANCE, and the tolerance of the maintainers' re-grade (docs/formats.md).
constexpr double kSubmissionScoreTolerance = 1e-6;
constexpr double kSubmissionRegradeTolerance = 1e-4;
// A manifest is a small pointer file; anything larger is not one.
constexpr std::size_t kMaxManifestBytes = 1u << 20;

// One problem found by the checks. `rule` is a stable snake_case id (docs/formats.md lists them); `trial` is
// the trial folder relative to the job root, empty for submission-level findings; `reason` is one line.
struct SubmissionFinding {
    std::string trial;
    std::string rule;
    std::string reason;
    bool operator==(const SubmissionFinding&) const = default;
};

// A manifest as a JSON document. YAML plain scalars are resolved the way the maintainers' loader (PyYAML
// safe_load, YAML 1.1) resolves them, so `version: 1.10` is a number and `yes` a boolean.
struct SubmissionManifest {
    std::string path;
    std::string format; // "yaml" | "json"
    nlohmann::json doc; // always an object
    // JSON paths ("$.submission.submitted_at") of unquoted YAML dates and times, which that loader reads as
    // dates rather than strings (so a "type": "string" field rejects them). The value in `doc` is the text.
    std::vector<std::string> yamlTimestamps;
};

// Parses manifest text (YAML, or JSON with the same content). Throws InputError (one line) when it is not
// a single YAML/JSON document holding a mapping, is larger than kMaxManifestBytes, or nests too deeply.
SubmissionManifest parseSubmissionManifest(const std::string& text, const std::string& name, bool isJson);
// Reads a manifest file: ".json" is JSON, anything else YAML. Throws InputError.
SubmissionManifest loadSubmissionManifest(const std::string& path);

// A benchmark policy, benchmarks/<tag>.json of cad-bench-submission: the dataset, its task digests and the
// artifact contract the audit checks against.
struct SubmissionPolicy {
    std::string origin; // the file it came from, or "published cad-bench v2 policy (embedded)"
    std::string dataset;
    std::string tag;
    std::string datasetVersionId;
    std::string datasetContentHash;
    int taskCount = 0;
    std::string freecadVersion;
    std::string leaderboard;
    bool acceptingSubmissions = false;
    // artifact_contract
    std::string rewardFile;
    std::string scoreField;
    std::string detailsFile;
    std::vector<std::string> detailsFields;
    std::vector<std::string> trajectoryOneOf;
    std::map<std::string, std::string> taskDigests; // "<org>/<task>" -> "sha256:..."
};

// Throws InputError when the text is not a v2 policy of that shape (task_count must equal the number of
// task digests, as the maintainers' loader requires).
SubmissionPolicy parseSubmissionPolicy(const std::string& text, const std::string& origin);
SubmissionPolicy loadSubmissionPolicy(const std::string& path);
// The published policy of gNucleus-AI/cad-bench-submission benchmarks/v2.json (100 tasks), compiled in from
// resources/policies/cad-bench-v2.json.
SubmissionPolicy publishedSubmissionPolicy();

// A trial the audit counted.
struct SubmissionTrial {
    std::string label;    // trial folder relative to the job root
    std::string taskName; // "<org>/<task>", empty when it could not be determined
    bool error = false;   // exception, no reward file, or an unusable reward: scores 0
    double score = 0;     // what the mean counts
    std::optional<double> costUsd;
    std::optional<std::int64_t> inputTokens;
    std::optional<std::int64_t> outputTokens;
    std::optional<double> rescored; // the embedded scorer's reward, after addRescoreFindings
};

// What validateSubmission found and computed.
struct SubmissionReport {
    std::vector<SubmissionFinding> findings;
    bool auditRun = false;    // false when the manifest lacks what the audit reads (see auditSkipped)
    std::string auditSkipped; // why the audit did not run
    std::vector<SubmissionTrial> trials;
    int skipped = 0; // trial result.json files of another job or another source_filter key (not counted)
    int errors = 0;
    std::optional<double> meanReward; // over the counted trials; nullopt when there are none
    std::map<std::string, int> tasks; // task name -> counted trials
    bool rescoreRun = false;
    bool passed() const { return findings.empty(); }
    // Σ cost_usd when every counted trial records it, else nullopt (unknown is not zero).
    std::optional<double> costUsd() const;
};

// The manifest checks alone: schema, then dataset / source_filter / total_trials / n_errors against the
// policy. The schema's benchmark constants (dataset, content hash, total_trials = 100) are checked against
// the policy in use, under the rules `dataset` and `total_trials`.
std::vector<SubmissionFinding> checkSubmissionManifest(const SubmissionManifest& manifest,
                                                       const SubmissionPolicy& policy);

// Manifest checks and the artifact audit of the job in `job` (the job folder itself, or a folder holding it,
// such as `harbor job download --output-dir`). Findings are in a stable order.
SubmissionReport validateSubmission(const SubmissionManifest& manifest, const BundleTree& job,
                                    const SubmissionPolicy& policy);

// Re-grade: `rescored` maps trial labels to the embedded scorer's reward (nullopt: it could not score the
// trial). Adds `rescore_mismatch` for every counted non-error trial whose score differs by more than
// `tolerance`, or that could not be rescored.
void addRescoreFindings(SubmissionReport& report,
                        const std::map<std::string, std::optional<double>>& rescored,
                        double tolerance = kSubmissionRegradeTolerance);

// The manifest in a folder that holds both a manifest and the downloaded job: the only
// submissions/v2/*.yaml, else the only *.yaml / *.yml at its top. Throws InputError (none, or several).
std::string findSubmissionManifest(const std::string& folder);

} // namespace vernier
