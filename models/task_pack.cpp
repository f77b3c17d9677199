// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/task_pack.h"

#include <algorithm>
#include <map>
#include <set>
#include <toml++/toml.h>

#include "models/bundle_tree.h"
#include "scoring/errors.h"

namespace vernier {

const char* workflowKey(Workflow w) {
    switch (w) {
    case Workflow::Creation:
        return "creation";
    case Workflow::CreateAndEdit:
        return "create_and_edit";
    case Workflow::ImageToCad:
        return "image_to_cad";
    }
    return "creation";
}

const char* workflowTitle(Workflow w) {
    switch (w) {
    case Workflow::Creation:
        return "Creation";
    case Workflow::CreateAndEdit:
        return "Create & edit";
    case Workflow::ImageToCad:
        return "Image to CAD";
    }
    return "Creation";
}

std::optional<Workflow> parseWorkflow(std::string_view key) {
    for (Workflow w : kWorkflows)
        if (key == workflowKey(w)) return w;
    return std::nullopt;
}

const TaskInfo* TaskPack::find(std::string_view id) const {
    int i = index(id);
    return i < 0 ? nullptr : &tasks[static_cast<std::size_t>(i)];
}

int TaskPack::index(std::string_view id) const {
    auto it = std::lower_bound(tasks.begin(), tasks.end(), id,
                               [](const TaskInfo& t, std::string_view v) { return t.id < v; });
    if (it == tasks.end() || it->id != id) return -1;
    return static_cast<int>(it - tasks.begin());
}

namespace {

// Files that mark a folder as a task folder (relative to it).
bool isTaskMarker(const std::string& suffix) {
    return suffix == "task.toml" || suffix == "tests/reference.FCStd" ||
           suffix == "tests/reference_base.FCStd" || suffix == "instruction.md";
}

void readToml(const BundleTree& tree, const std::string& dir, TaskInfo& t,
              std::optional<Workflow>& declared) {
    std::string text = tree.read(dir + "task.toml");
    toml::table tbl;
    try {
        tbl = toml::parse(text, dir + "task.toml");
    } catch (const toml::parse_error& e) {
        std::string what(e.description());
        t.loadError = "task.toml: " + what + " (line " + std::to_string(e.source().begin.line) + ")";
        return;
    }
    // [metadata] is the schema's place; a bare top-level key is accepted too.
    auto get = [&](const char* key) -> toml::node_view<toml::node> {
        if (auto meta = tbl["metadata"]; meta.is_table() && meta[key]) return meta[key];
        return tbl[key];
    };
    if (auto wf = get("workflow").value<std::string>()) {
        declared = parseWorkflow(*wf);
        if (!declared) t.loadError = "task.toml: unknown workflow \"" + *wf + "\"";
    }
    if (auto v = get("category").value<std::string>()) t.category = *v;
    if (auto v = get("difficulty").value<std::string>())
        t.difficulty = *v;
    else if (get("difficulty").is_integer()) // value<int64_t>() on a huge float is undefined behaviour
        t.difficulty = std::to_string(get("difficulty").value_or<int64_t>(0));
    if (auto arr = get("tags").as_array())
        for (const auto& el : *arr)
            if (auto s = el.value<std::string>()) t.tags.push_back(*s);
    // Harbor's multi-step keys live at the top level of task.toml.
    if (auto v = tbl["multi_step_reward_strategy"].value<std::string>()) {
        if (*v == "final" || *v == "mean")
            t.multiStepRewardStrategy = *v;
        else if (t.loadError.empty())
            t.loadError = "task.toml: unknown multi_step_reward_strategy \"" + *v + "\"";
    }
    if (auto steps = tbl["steps"].as_array())
        for (const auto& st : *steps)
            if (auto tb = st.as_table())
                if (auto name = (*tb)["name"].value<std::string>()) t.stepNames.push_back(*name);
}

} // namespace

TaskPack loadTaskPack(const std::string& path) {
    BundleTree tree = BundleTree::open(path);
    TaskPack pack;
    pack.root = path;
    pack.problems = tree.problems();

    // Task folders: the folder holding a marker file; a top-level wrapper folder (zips) is allowed.
    std::set<std::string> dirs;
    for (const auto& f : tree.files()) {
        auto slash = f.find('/');
        while (slash != std::string::npos) {
            std::string dir = f.substr(0, slash + 1);
            if (isTaskMarker(f.substr(slash + 1))) dirs.insert(dir);
            slash = f.find('/', slash + 1);
        }
    }
    // A marker of a task's tests/ folder must not make "task/tests/" a task of its own; nested
    // matches are resolved in favour of the outermost folder with task.toml or instruction.md.
    std::set<std::string> taskDirs;
    for (const auto& d : dirs) {
        bool nested = false;
        for (const auto& o : dirs)
            if (o != d && d.rfind(o, 0) == 0) nested = true;
        if (!nested) taskDirs.insert(d);
    }

    std::map<std::string, int> seen;
    for (const auto& dir : taskDirs) {
        TaskInfo t;
        std::string trimmed = dir.substr(0, dir.size() - 1);
        t.id = trimmed.substr(trimmed.find_last_of('/') == std::string::npos ? 0
                                                                             : trimmed.find_last_of('/') + 1);
        std::optional<Workflow> declared;
        try {
            if (tree.has(dir + "task.toml")) readToml(tree, dir, t, declared);
            if (tree.has(dir + "instruction.md")) {
                t.instruction = tree.read(dir + "instruction.md");
                if (t.instruction.size() > kMaxMetadataBytes) t.instruction.resize(kMaxMetadataBytes);
            }
        } catch (const InputError& e) {
            t.loadError = e.what();
        }
        for (const char* ext : {"png", "jpg", "jpeg", "svg", "pdf"}) {
            std::string p = dir + "drawing." + ext;
            if (tree.has(p)) {
                t.drawing = tree.ref(p);
                break;
            }
        }
        t.reference = tree.ref(dir + "tests/reference.FCStd");
        t.referenceBase = tree.ref(dir + "tests/reference_base.FCStd");
        t.referenceEdit = tree.ref(dir + "tests/reference_edit.FCStd");
        t.spec = tree.ref(dir + "tests/spec.json");
        t.paramCheck = tree.ref(dir + "tests/param_check.py");
        if (declared) {
            t.workflow = *declared;
        } else {
            t.workflowInferred = true;
            if (!t.referenceBase.empty() && !t.referenceEdit.empty())
                t.workflow = Workflow::CreateAndEdit;
            else if (!t.drawing.empty())
                t.workflow = Workflow::ImageToCad;
            else
                t.workflow = Workflow::Creation;
        }
        if (!t.loadError.empty()) pack.problems.push_back({tree.root() + "/" + dir, t.loadError, ""});
        if (seen.count(t.id)) {
            pack.problems.push_back(
                {tree.root() + "/" + dir, "duplicate task id " + t.id + "; first one kept", ""});
            continue;
        }
        seen[t.id] = 1;
        pack.tasks.push_back(std::move(t));
    }
    std::sort(pack.tasks.begin(), pack.tasks.end(),
              [](const TaskInfo& a, const TaskInfo& b) { return a.id < b.id; });
    if (pack.tasks.empty()) throw InputError(path + ": no task folders found (expected <task_id>/task.toml)");
    return pack;
}

} // namespace vernier
