// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/follow_state.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>

namespace vernier {

namespace {

constexpr int kMaxDepth = 3; // <bundle>/<jobs>/<job>/<trial>: trial folders are at most this deep

// The folder a walk starts from, as the watched paths name it.
QString rootOf(const QString& bundle) {
    return QDir::cleanPath(QFileInfo(bundle).absoluteFilePath());
}

// What the walk needs to know of one folder, from wherever it was learnt.
struct Seen {
    bool config = false, lock = false, result = false;
    qint64 resultModified = 0, resultSize = -1;
};

// The rules of docs/formats.md "Live follow", shared by the walk and the listing: `seen(abs, rel)` says what
// the folder holds, `subfolders(abs, rel, seen)` its subfolders' names, sorted (not hidden, not symlinks).
// `rel` is relative to the bundle without a trailing '/', as UTF-8.
template <typename SeenFn, typename SubFn>
void visit(const QString& abs, const std::string& rel, int depth, bool parentIsJob, FollowFolderState& state,
           const SeenFn& seen, const SubFn& subfolders) {
    const Seen here = seen(abs, rel);
    if (parentIsJob && (here.result || here.config)) {
        FollowTrialState t;
        t.finished = here.result;
        if (here.result) {
            t.modified = here.resultModified;
            t.size = here.resultSize;
        } else {
            state.watchDirs << abs; // its result.json appearing is a change of this folder
        }
        state.trials.insert(QString::fromStdString(rel) + QLatin1Char('/'), t);
        return; // a trial's own subfolders (agent/, verifier/, steps/) are not looked into
    }
    state.watchDirs << abs;
    if (depth >= kMaxDepth) return;
    const bool job = here.result || here.config || here.lock;
    std::string sub;
    for (const auto& name : subfolders(abs, rel)) {
        sub.assign(rel);
        if (!sub.empty()) sub += '/';
        sub += name;
        visit(abs + QLatin1Char('/') + QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())),
              sub, depth + 1, job, state, seen, subfolders);
    }
}

// Milliseconds since the epoch of a time in ns, as QFileInfo::lastModified gives them (rounded down).
qint64 msOf(std::int64_t ns) {
    return ns >= 0 ? ns / 1000000 : -((-ns + 999999) / 1000000);
}

} // namespace

int FollowFolderState::running() const {
    int n = 0;
    for (const FollowTrialState& t : trials)
        if (!t.finished) ++n;
    return n;
}

bool isFollowableFolder(const QString& bundle) {
    return QFileInfo(bundle).isDir();
}

FollowFolderState scanFollowState(const QString& bundle) {
    FollowFolderState state;
    if (!isFollowableFolder(bundle)) return state;
    QElapsedTimer clock;
    clock.start();
    const auto seen = [](const QString& abs, const std::string&) {
        Seen s;
        const QFileInfo result(abs + QStringLiteral("/result.json"));
        s.result = result.isFile();
        if (s.result) {
            s.resultModified = result.lastModified().toMSecsSinceEpoch();
            s.resultSize = result.size();
        }
        s.config = QFileInfo(abs + QStringLiteral("/config.json")).isFile();
        // Only asked when neither is there: a folder with either is a job whatever else it holds.
        if (!s.result && !s.config) s.lock = QFileInfo(abs + QStringLiteral("/lock.json")).isFile();
        return s;
    };
    const auto subfolders = [](const QString& abs, const std::string&) {
        std::vector<std::string> names;
        for (const QString& n : QDir(abs).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks))
            names.push_back(n.toStdString());
        std::sort(names.begin(), names.end());
        return names;
    };
    visit(rootOf(bundle), std::string(), 0, false, state, seen, subfolders);
    state.scanMs = clock.elapsed();
    return state;
}

FollowListing::Folder& FollowListing::folder(std::string_view rel) {
    if (last_ && rel == lastKey_) return *last_;
    const auto it = folders_.find(rel);
    last_ = it != folders_.end() ? &it->second : &folders_.emplace(std::string(rel), Folder()).first->second;
    lastKey_.assign(rel);
    return *last_;
}

const FollowListing::Folder* FollowListing::find(std::string_view rel) const {
    const auto it = folders_.find(rel);
    return it == folders_.end() ? nullptr : &it->second;
}

bool FollowListing::looksAt(std::string_view rel, bool dir) {
    // Only what a walk looks at: folders down to kMaxDepth and the three files it asks for in them.
    const auto slash = rel.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? rel : rel.substr(slash + 1);
    if (!dir && name != "result.json" && name != "config.json" && name != "lock.json") return false;
    const auto depth = rel.empty() ? 0 : std::count(rel.begin(), rel.end(), '/') + 1;
    return depth <= (dir ? kMaxDepth : kMaxDepth + 1);
}

void FollowListing::add(std::string_view rel, bool dir, std::int64_t mtimeNs, std::int64_t size) {
    if (!looksAt(rel, dir)) return;
    const auto slash = rel.rfind('/');
    const std::string_view parent =
        slash == std::string_view::npos ? std::string_view() : rel.substr(0, slash);
    const std::string_view name = slash == std::string_view::npos ? rel : rel.substr(slash + 1);
    if (dir) {
        if (std::count(rel.begin(), rel.end(), '/') + 1 < kMaxDepth) folder(rel); // known even when empty
        if (!rel.empty()) folder(parent).subfolders.emplace_back(name);
        return;
    }
    Folder& f = folder(parent);
    if (name == "config.json") {
        f.config = true;
    } else if (name == "lock.json") {
        f.lock = true;
    } else {
        f.result = true;
        f.resultMtimeNs = mtimeNs;
        f.resultSize = size;
    }
}

FollowFolderState FollowListing::state(const QString& bundle) const {
    FollowFolderState state;
    const auto seen = [this](const QString&, const std::string& rel) {
        Seen s;
        if (const Folder* f = find(rel)) {
            s.config = f->config;
            s.lock = f->lock;
            s.result = f->result;
            s.resultModified = msOf(f->resultMtimeNs);
            s.resultSize = f->resultSize;
        }
        return s;
    };
    const auto subfolders = [this](const QString&, const std::string& rel) {
        std::vector<std::string_view> names;
        if (const Folder* f = find(rel))
            for (const std::string& n : f->subfolders)
                if (!n.empty() && n[0] != '.') names.push_back(n); // QDir skips hidden ones
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        return names;
    };
    visit(rootOf(bundle), std::string(), 0, false, state, seen, subfolders);
    return state;
}

} // namespace vernier
