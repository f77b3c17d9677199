// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Encoding and decoding of the trial index's records (models/trial_index_codec.h, docs/index.md).
#include "models/trial_index_codec.h"

namespace vernier::index_codec {

void putPath(Enc& e, const std::string& s, const PathContext& c) {
    if (!c.given.empty() && s == c.given) {
        e.u8(3);
    } else if (startsWithDir(s, c.given)) {
        e.u8(1);
        e.str(std::string_view(s).substr(c.given.size() + 1));
    } else if (startsWithDir(s, c.canon)) {
        e.u8(2);
        e.str(std::string_view(s).substr(c.canon.size() + 1));
    } else {
        e.u8(0);
        e.str(s);
    }
}

namespace {

std::string joined(const std::string& dir, std::string_view rest) {
    std::string out;
    out.reserve(dir.size() + 1 + rest.size());
    out.append(dir).append(1, '/').append(rest);
    return out;
}

// A path written by putPath, its mode byte already read.
std::string getPathAfterMode(Dec& d, const PathContext& c, std::uint8_t mode) {
    switch (mode) {
    case 0:
        return d.str();
    case 1:
        return joined(c.given, d.view());
    case 2:
        return joined(c.canon, d.view());
    case 3:
        return c.given;
    default:
        throw InputError("corrupt record");
    }
}

constexpr std::uint8_t kInTrialFolder = 4; // a file path relative to the trial's own folder

// Where the paths of a trial's files start: its folder on disk (canonical), or the entry names' prefix in a
// zip ("" when the zip is the trial). nullopt when the trial's display path is not inside the bundle.
std::optional<std::string> filesBase(const std::string& trialPath, const PathContext& c) {
    std::string rel;
    if (trialPath != c.given) {
        if (!startsWithDir(trialPath, c.given)) return std::nullopt;
        rel = trialPath.substr(c.given.size() + 1);
        while (!rel.empty() && rel.back() == '/') // folder bundles' trial paths end in '/'
            rel.pop_back();
    }
    if (c.zip) return rel;
    if (c.canon.empty()) return std::nullopt;
    return rel.empty() ? c.canon : joined(c.canon, rel);
}

// A file of the trial: most lie in its folder, so most are written as a few bytes relative to it.
void putRef(Enc& e, const FileRef& r, const PathContext& c, const std::optional<std::string>& base) {
    e.flag(!r.empty());
    if (r.empty()) return;
    const std::string& p = r.path();
    if (base && r.isInZip() && base->empty()) {
        e.u8(kInTrialFolder);
        e.str(p);
    } else if (base && startsWithDir(p, *base)) {
        e.u8(kInTrialFolder);
        e.str(std::string_view(p).substr(base->size() + 1));
    } else if (r.isInZip()) {
        e.u8(0);
        e.str(p);
    } else {
        putPath(e, p, c);
    }
}

FileRef getRef(Dec& d, const PathContext& c, const std::optional<std::string>& base) {
    if (!d.flag()) return {};
    const std::uint8_t mode = d.u8();
    std::string path;
    if (mode == kInTrialFolder) {
        if (!base) throw InputError("corrupt record");
        const std::string_view rest = d.view();
        path = base->empty() ? std::string(rest) : joined(*base, rest);
    } else if (c.zip) {
        if (mode != 0) throw InputError("corrupt record");
        path = d.str();
    } else {
        path = getPathAfterMode(d, c, mode);
    }
    if (c.zip) return FileRef::inZip(c.zip, c.given, std::move(path));
    return FileRef::onDisk(std::move(path));
}

} // namespace

std::string getPath(Dec& d, const PathContext& c) {
    return getPathAfterMode(d, c, d.u8());
}

void putTokens(Enc& e, const TokenCounts& t) {
    e.optI(t.input);
    e.optI(t.cache);
    e.optI(t.output);
}

TokenCounts getTokens(Dec& d) {
    TokenCounts t;
    t.input = d.optI();
    t.cache = d.optI();
    t.output = d.optI();
    return t;
}

void putStage(Enc& e, const StageScores& s) {
    e.optF(s.geometry);
    e.optF(s.spec);
    e.optF(s.combined);
    e.str(s.geometryReason);
    e.str(s.specReason);
    e.str(s.gate);
}

StageScores getStage(Dec& d) {
    StageScores s;
    s.geometry = d.optF();
    s.spec = d.optF();
    s.combined = d.optF();
    s.geometryReason = d.str();
    s.specReason = d.str();
    s.gate = d.str();
    return s;
}

void putOptStage(Enc& e, const Boxed<StageScores>& s) {
    e.flag(s.has_value());
    if (s) putStage(e, *s);
}

std::optional<StageScores> getOptStage(Dec& d) {
    if (!d.flag()) return std::nullopt;
    return getStage(d);
}

constexpr std::uint32_t kRecordMagic = 0x32525456; // "VTR2" (docs/index.md "Record format")

// Every field importBundle sets. taskIndex, rescored and zero are set later (ResultSet, rescoring).
std::string encodeTrial(const TrialRecord& t, const PathContext& c) {
    Enc e;
    e.u32(kRecordMagic);
    e.str(t.system.agent);
    e.str(t.system.model);
    e.str(t.system.variant);
    e.str(t.taskId);
    e.str(t.taskName);
    e.str(t.trialName);
    e.str(t.bundleKind);
    putPath(e, t.trialPath, c);
    const std::optional<std::string> base = filesBase(t.trialPath, c);
    for (const FileRef* r :
         {&t.answer, &t.answerBase, &t.answerEdit, &t.answerPy, &t.trajectory, &t.resultJson, &t.agentLog})
        putRef(e, *r, c, base);
    e.optF(t.startedAt);
    e.optF(t.finishedAt);
    e.optF(t.agentStartedAt);
    e.optF(t.agentFinishedAt);
    e.optF(t.costUsd);
    putTokens(e, t.tokens);
    e.str(t.usageSource);
    e.str(t.run.agentVersion);
    e.str(t.run.modelProvider);
    e.str(t.run.modelName);
    e.str(t.run.jobId);
    e.str(t.run.source);
    e.pairsS(t.run.agentKwargs);
    e.vu(t.steps.size());
    for (const auto& s : t.steps) {
        e.str(s.name);
        e.str(s.dir);
        e.optF(s.costUsd);
        putTokens(e, s.tokens);
        e.optF(s.agentStartedAt);
        e.optF(s.agentFinishedAt);
        e.optF(s.verifierStartedAt);
        e.optF(s.verifierFinishedAt);
        e.flag(s.hasVerifierResult);
        e.pairsF(s.rewards);
        e.str(s.exceptionType);
        e.str(s.exceptionMessage);
        e.str(s.stage);
        e.str(s.stageBasis);
    }
    e.str(t.rewardStrategy);
    e.str(t.rewardStrategyBasis);
    e.flag(t.rewardComputedFromSteps);
    e.str(t.stoppedAtStep);
    e.str(t.stopReason);
    e.str(t.exceptionStep);
    e.pairsF(t.rewardKeys);
    e.strs(t.artifactProblems);
    e.optF(t.recordedReward);
    e.flag(t.recordedDetails.present);
    putStage(e, t.recordedDetails.single);
    putOptStage(e, t.recordedDetails.base);
    putOptStage(e, t.recordedDetails.target);
    e.str(t.exceptionType);
    e.str(t.exceptionMessage);
    e.str(t.loadError);
    e.strs(t.warnings);
    return std::move(e.out);
}

TrialRecord decodeTrial(const char* p, std::size_t n, const PathContext& c) {
    Dec d(p, n);
    if (d.u32() != kRecordMagic) throw InputError("corrupt record");
    TrialRecord t;
    t.bundle = c.given;
    t.system.agent = d.str();
    t.system.model = d.str();
    t.system.variant = d.str();
    t.taskId = d.str();
    t.taskName = d.str();
    t.trialName = d.str();
    t.bundleKind = d.str();
    t.trialPath = getPath(d, c);
    const std::optional<std::string> base = filesBase(t.trialPath, c);
    for (FileRef* r :
         {&t.answer, &t.answerBase, &t.answerEdit, &t.answerPy, &t.trajectory, &t.resultJson, &t.agentLog})
        *r = getRef(d, c, base);
    t.startedAt = d.optF();
    t.finishedAt = d.optF();
    t.agentStartedAt = d.optF();
    t.agentFinishedAt = d.optF();
    t.costUsd = d.optF();
    t.tokens = getTokens(d);
    t.usageSource = d.str();
    t.run.agentVersion = d.str();
    t.run.modelProvider = d.str();
    t.run.modelName = d.str();
    t.run.jobId = d.str();
    t.run.source = d.str();
    t.run.agentKwargs = d.pairsS();
    const std::uint64_t nSteps = d.vu();
    if (nSteps > n) throw InputError("corrupt record");
    t.steps.resize(nSteps);
    for (auto& s : t.steps) {
        s.name = d.str();
        s.dir = d.str();
        s.costUsd = d.optF();
        s.tokens = getTokens(d);
        s.agentStartedAt = d.optF();
        s.agentFinishedAt = d.optF();
        s.verifierStartedAt = d.optF();
        s.verifierFinishedAt = d.optF();
        s.hasVerifierResult = d.flag();
        s.rewards = d.pairsF();
        s.exceptionType = d.str();
        s.exceptionMessage = d.str();
        s.stage = d.str();
        s.stageBasis = d.str();
    }
    t.rewardStrategy = d.str();
    t.rewardStrategyBasis = d.str();
    t.rewardComputedFromSteps = d.flag();
    t.stoppedAtStep = d.str();
    t.stopReason = d.str();
    t.exceptionStep = d.str();
    t.rewardKeys = d.pairsF();
    t.artifactProblems = d.strs();
    t.recordedReward = d.optF();
    t.recordedDetails.present = d.flag();
    t.recordedDetails.single = getStage(d);
    t.recordedDetails.base = getOptStage(d);
    t.recordedDetails.target = getOptStage(d);
    t.exceptionType = d.str();
    t.exceptionMessage = d.str();
    t.loadError = d.str();
    t.warnings = d.strs();
    if (!d.atEnd()) throw InputError("corrupt record");
    return t;
}

} // namespace vernier::index_codec
